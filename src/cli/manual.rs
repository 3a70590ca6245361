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
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut out = Vec::new();
    render(page, &mut out).map_err(stdout_error)?;
    write_out(&out)
}

/// A page as clap_mangen renders it, but with the text after the options
/// under its own headings: EXIT STATUS (or NOTES) for the prose, and
/// EXAMPLES for the commands, set line by line as typed rather than
/// reflowed as a paragraph.
fn render(page: clap::Command, out: &mut Vec<u8>) -> io::Result<()> {
    let after = page.get_after_help().map(|text| text.to_string());
    let has_subcommands = page.get_subcommands().next().is_some();
    let has_arguments = page.get_arguments().any(|arg| !arg.is_hide_set());
    let man = clap_mangen::Man::new(page);
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if has_arguments {
        man.render_options_section(out)?;
    }
    if has_subcommands {
        man.render_subcommands_section(out)?;
    }
    if let Some(after) = after {
        let (prose, examples) = match after.split_once("EXAMPLES:") {
            Some((prose, examples)) => (prose.trim(), examples.trim_matches('\n')),
            None => (after.trim(), ""),
        };
        if !prose.is_empty() {
            let heading = match prose.starts_with("Exit status") {
                true => "\"EXIT STATUS\"",
                false => "NOTES",
            };
            writeln!(out, ".SH {heading}\n{}", roff_text(prose))?;
        }
        if !examples.is_empty() {
            writeln!(out, ".SH EXAMPLES\n.nf")?;
            for line in examples.lines() {
                writeln!(out, "{}", roff_text(line.trim_start()))?;
            }
            writeln!(out, ".fi")?;
        }
    }
    man.render_version_section(out)
}

/// `text` as roff reads it literally: backslashes and hyphens escaped, and
/// a line that starts with a control character protected.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| match line.starts_with(['.', '\'']) {
            true => format!("\\&{line}"),
            false => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn write_out(bytes: &[u8]) -> Result<ExitCode, Error> {
    io::stdout().lock().write_all(bytes).map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
