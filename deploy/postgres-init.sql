-- Each Ferry service creates and migrates its own schema in this database at start.
CREATE DATABASE ferry;
