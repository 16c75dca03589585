// Stands in for a layer with no sources yet, so the library target still exists.
