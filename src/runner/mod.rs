//! Running untrusted programs under limits (CPU, wall, memory, output, processes) and measuring them.
