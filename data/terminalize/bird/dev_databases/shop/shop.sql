CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, segment TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount REAL NOT NULL, order_date TEXT NOT NULL);
INSERT INTO customers VALUES (1, 'Ada Reyes', 'Lisbon', 'retail'), (2, 'Bo Chen', 'Porto', 'wholesale'),
  (3, 'Cleo Diaz', 'Lisbon', 'wholesale'), (4, 'Dev Patel', 'Faro', 'retail'), (5, 'Eun Park', 'Porto', 'retail');
INSERT INTO orders VALUES (1, 1, 120.5, '2023-01-14'), (2, 2, 980.0, '2023-01-20'), (3, 3, 455.25, '2023-02-02'),
  (4, 1, 60.0, '2023-02-11'), (5, 4, 35.75, '2023-03-05'), (6, 2, 1210.0, '2023-03-09'), (7, 5, 99.9, '2023-03-30'),
  (8, 3, 300.0, '2023-04-02');
