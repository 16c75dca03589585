// Placeholder entry point until the viewer lands.
int main() { return 0; }
