def test_anything():
    assert True
