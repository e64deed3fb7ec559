//! Source languages: recognising a program, compiling it once (cached by content), and the command that runs it.
