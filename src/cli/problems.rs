//! `nimstream problems`: the catalogue, as text or as the README's table.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use nimstream::problem;
use nimstream::Error;

use crate::{check_stdout, stdout_error};

#[derive(Args)]
pub struct ProblemsArgs {
    /// Print the Markdown table the README shows.
    #[arg(long)]
    markdown: bool,
}

pub fn problems_command(args: ProblemsArgs) -> Result<ExitCode, Error> {
    check_stdout()?;
    let mut text = String::new();
    if args.markdown {
        text = problem::markdown_table();
    } else {
        for p in &problem::CATALOGUE {
            let prefix = match p.verdicts.prefix {
                problem::LinePrefix::None => "",
                problem::LinePrefix::CaseNumber => "Case i: ",
            };
            text += &format!("{}: {}, {}\n", p.names(), p.source, p.title);
            for parameter in p.game.parameters {
                text += &format!(
                    "    needs --max-take {}: {}\n",
                    parameter.name, parameter.meaning
                );
            }
            text += &format!(
                "    input:  {}\n",
                p.layout.describe(&p.vars).replace('`', "")
            );
            text += &format!(
                "    output: {prefix}{} / {prefix}{}\n",
                p.verdicts.win, p.verdicts.lose
            );
            text += &format!("    limits: {}\n", p.limits_text());
        }
    }
    io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
