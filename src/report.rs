//! Terminal and JSON output: colours only on a terminal, errors on stderr.

/// Prints an error and its causes on stderr, the way every command reports failure.
pub fn print_error(err: &anyhow::Error) {
    let red = console::Style::new().red().bold().for_stderr();
    eprintln!("{} {err:#}", red.apply_to("error:"));
}
