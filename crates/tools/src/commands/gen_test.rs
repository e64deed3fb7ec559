//! `leapfrog gen`: one built-in generator on the command line, exactly as a plan line runs it.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use leapfrog_registry::{GenerateError, Registry};

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog gen frogs 4", "leapfrog gen --list"],
    "",
    crate::commands::help::MADE,
))]
pub struct GenArgs {
    /// The generator, followed by its own arguments (`leapfrog gen checkers --help`).
    #[arg(required_unless_present = "list")]
    pub generator: Option<String>,
    /// Arguments passed to the generator.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// List the built-in generators.
    #[arg(long)]
    pub list: bool,
}

pub fn run(args: GenArgs, registry: &Registry) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    if args.list {
        for g in registry.generators() {
            writeln!(out, "{:<18} {}", g.name, g.about)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = args
        .generator
        .expect("clap requires a generator unless --list");
    let Some(generator) = registry.generator(&name) else {
        bail!(
            "no built-in generator named '{name}' (known: {})",
            registry
                .generators()
                .map(|g| g.name)
                .collect::<Vec<_>>()
                .join(", ")
        );
    };
    let bytes = match (generator.run)(&args.args) {
        Ok(bytes) => bytes,
        // Help and usage errors of the generator's own arguments print as clap prints them.
        Err(GenerateError::Usage(clap_err)) => clap_err.exit(),
        Err(err) => return Err(err).with_context(|| format!("generator '{name}'")),
    };
    out.write_all(&bytes)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
