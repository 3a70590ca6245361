//! `nimstream completions` and `nimstream man`: the shell completions and
//! the manual pages, generated from the same definition clap parses with,
//! so that they name exactly the commands and options there are.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use clap_complete::Shell;
use nimstream::Error;

use crate::{check_stdout, stdout_error};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream completions bash > ~/.local/share/bash-completion/completions/nimstream
  nimstream completions zsh > ~/.zfunc/_nimstream
  nimstream completions fish > ~/.config/fish/completions/nimstream.fish")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream man | man -l -
  nimstream man solve > nimstream-solve.1")]
pub struct ManArgs {
    /// A command whose page to print (solve, gen, …), named
    /// nimstream-COMMAND(1); without it, nimstream(1).
    #[arg(value_name = "COMMAND")]
    command: Option<String>,
}

pub fn completions_command(
    args: CompletionsArgs,
    mut cli: clap::Command,
) -> Result<ExitCode, Error> {
    check_stdout()?;
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "nimstream", &mut out);
    write_out(&out)
}

pub fn man_command(args: ManArgs, cli: clap::Command) -> Result<ExitCode, Error> {
    check_stdout()?;
    // Building propagates the global options into every command.
    let mut cli = cli;
    cli.build();
    let page = match &args.command {
        None => cli,
        Some(name) => {
            let Some(command) = cli.find_subcommand(name) else {
                let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
                return Err(Error::Usage(format!(
                    "no command '{name}'; expected one of: {}",
                    names.join(", ")
                )));
            };
            // clap keeps names as `&'static str`; the page is made once,
            // by a process about to end.
            let full_name = format!("nimstream-{}", command.get_name());
            command
                .clone()
                .name(&*Box::leak(full_name.into_boxed_str()))
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .map_err(stdout_error)?;
    write_out(&out)
}

fn write_out(bytes: &[u8]) -> Result<ExitCode, Error> {
    io::stdout().lock().write_all(bytes).map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
