CREATE TABLE orders(customer TEXT, amount REAL);
INSERT INTO orders VALUES ('al', 10), ('bo', 30), ('al', 5.5), ('cy', 2);
