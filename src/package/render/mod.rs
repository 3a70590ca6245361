//! The statement a judge system shows: `problem.pdf` at the package's
//! root, or `problem.html` where no PDF can be made. DOMjudge shows a
//! contestant only `problem.{pdf,html,txt}` at the root of the zip it
//! imports, not `problem_statement/`.
//!
//! The PDF is pdflatex's (found on the `PATH`), run in a folder of its own
//! on a standalone document: `problem.en.tex` in the `article` class, with
//! problemtools' `\problemname` defined and the samples set after it, so
//! that neither problemtools nor a LaTeX package beyond LaTeX's own is
//! needed. Where pdflatex is missing or fails, the same statement is
//! turned into HTML ([`html`]), and why is reported.

pub mod html;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::Error;

/// A sample as the statement shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sample {
    /// A batch problem's sample: its input and its answer.
    Batch {
        /// The input file's text.
        input: String,
        /// The answer file's text.
        answer: String,
    },
    /// An interactive problem's sample: its dialogue's lines, each with
    /// whether the judge wrote it.
    Dialogue(Vec<(bool, String)>),
}

/// What was written at the package's root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rendered {
    /// `problem.pdf`.
    Pdf,
    /// `problem.html`, and why there is no PDF.
    Html {
        /// Why pdflatex made no PDF.
        why: String,
    },
}

/// The lines of a sample shown at most: a statement's samples are small,
/// and one drawn for a problem file stays readable.
const MAX_SAMPLE_LINES: usize = 40;

/// Writes `problem.pdf`, or failing that `problem.html`, into the package
/// `dir`, from its statement `latex` and its samples `data/sample/NAME.*`
/// (`.in` and `.ans`, or `.interaction` for an interactive problem).
pub fn write(dir: &Path, latex: &str, samples: &[String]) -> Result<Rendered, Error> {
    let samples = read_samples(&dir.join("data/sample"), samples)?;
    let why = match pdf(&document(latex, &samples)) {
        Ok(pdf) => {
            super::write_file(&dir.join("problem.pdf"), &pdf)?;
            return Ok(Rendered::Pdf);
        }
        Err(why) => why,
    };
    super::write_file(
        &dir.join("problem.html"),
        html::page(latex, &samples).as_bytes(),
    )?;
    Ok(Rendered::Html { why })
}

/// The samples named `names` in the package's `folder`, cut to
/// [`MAX_SAMPLE_LINES`] lines each.
fn read_samples(folder: &Path, names: &[String]) -> Result<Vec<Sample>, Error> {
    let read = |name: &str, extension: &str| {
        let path = folder.join(format!("{name}.{extension}"));
        let text = fs::read(&path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })?;
        Ok::<_, Error>(cut(&String::from_utf8_lossy(&text)))
    };
    let mut samples = Vec::new();
    for name in names {
        let dialogue = folder.join(format!("{name}.interaction"));
        let sample = match dialogue.exists() {
            true => Sample::Dialogue(
                read(name, "interaction")?
                    .lines()
                    .map(|line| match line.strip_prefix('<') {
                        Some(said) => (true, said.to_string()),
                        None => (false, line.strip_prefix('>').unwrap_or(line).to_string()),
                    })
                    .collect(),
            ),
            false => Sample::Batch {
                input: read(name, "in")?,
                answer: read(name, "ans")?,
            },
        };
        samples.push(sample);
    }
    Ok(samples)
}

/// `text` cut to [`MAX_SAMPLE_LINES`] lines, saying so.
fn cut(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= MAX_SAMPLE_LINES {
        return text.to_string();
    }
    let mut kept = lines[..MAX_SAMPLE_LINES].join("\n");
    kept += &format!(
        "\n... ({} more lines in data/sample)\n",
        lines.len() - MAX_SAMPLE_LINES
    );
    kept
}

/// The standalone LaTeX document of the statement `latex` and `samples`.
pub fn document(latex: &str, samples: &[Sample]) -> String {
    let mut doc = String::from(
        "\\documentclass[11pt,a4paper]{article}\n\
         \\usepackage[utf8]{inputenc}\n\
         \\IfFileExists{lmodern.sty}{\\usepackage[T1]{fontenc}\\usepackage{lmodern}}{}\n\
         \\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.6em}\n\
         \\newcommand{\\problemname}[1]{\\begin{center}\\LARGE\\bfseries #1\\end{center}}\n",
    );
    let mut declared: Vec<char> = Vec::new();
    let mut samples_text = String::new();
    for sample in samples {
        match sample {
            Sample::Batch { input, answer } => {
                samples_text += &format!("{input}\n{answer}");
            }
            Sample::Dialogue(lines) => {
                for (_, line) in lines {
                    samples_text += line;
                }
            }
        }
    }
    for c in latex.chars().chain(samples_text.chars()) {
        if let Some(set) = unicode(c) {
            if !declared.contains(&c) {
                declared.push(c);
                doc += &format!("\\DeclareUnicodeCharacter{{{:04X}}}{{{set}}}\n", c as u32);
            }
        }
    }
    doc += "\\pagestyle{empty}\n\\begin{document}\n";
    // In LaTeX's first font encoding, OT1 (where Latin Modern is not
    // installed), `<`, `>` and `|` print as other characters.
    doc += &latex
        .replace('<', "\\textless{}")
        .replace('>', "\\textgreater{}")
        .replace('|', "\\textbar{}");
    if !samples.is_empty() {
        doc += "\n\\section*{Samples}\n";
    }
    for (at, sample) in samples.iter().enumerate() {
        let n = at + 1;
        match sample {
            Sample::Batch { input, answer } => {
                doc += &format!(
                    "\n\\textbf{{Sample input {n}}}\n\\begin{{verbatim}}\n{}\\end{{verbatim}}\n\
                     \\textbf{{Sample output {n}}}\n\\begin{{verbatim}}\n{}\\end{{verbatim}}\n",
                    ended(input),
                    ended(answer)
                );
            }
            Sample::Dialogue(lines) => {
                doc += &format!(
                    "\n\\textbf{{Sample interaction {n}}} (the judge's lines after \
                     \\texttt{{<}}, your program's after \\texttt{{>}})\n\\begin{{verbatim}}\n"
                );
                for (judge, line) in lines {
                    let who = if *judge { '<' } else { '>' };
                    doc += &format!("{who} {line}\n");
                }
                doc += "\\end{verbatim}\n";
            }
        }
    }
    doc += "\\end{document}\n";
    doc
}

/// `text` ending in a newline, as a verbatim block's last line must.
fn ended(text: &str) -> String {
    match text.ends_with('\n') || text.is_empty() {
        true => text.to_string(),
        false => format!("{text}\n"),
    }
}

/// How pdflatex sets a character its UTF-8 input does not know (those of
/// Latin-1, such as misère's è, it knows); `None` for ASCII and those.
pub fn unicode(c: char) -> Option<&'static str> {
    Some(match c {
        '…' => "\\dots{}",
        '–' => "\\textendash{}",
        '—' => "\\textemdash{}",
        '−' => "\\ensuremath{-}",
        '≤' => "\\ensuremath{\\le}",
        '≥' => "\\ensuremath{\\ge}",
        '≠' => "\\ensuremath{\\neq}",
        '≡' => "\\ensuremath{\\equiv}",
        '×' => "\\ensuremath{\\times}",
        '·' => "\\ensuremath{\\cdot}",
        '⊕' => "\\ensuremath{\\oplus}",
        '∪' => "\\ensuremath{\\cup}",
        '√' => "\\ensuremath{\\surd}",
        '→' => "\\ensuremath{\\to}",
        '⌈' => "\\ensuremath{\\lceil}",
        '⌉' => "\\ensuremath{\\rceil}",
        '⌊' => "\\ensuremath{\\lfloor}",
        '⌋' => "\\ensuremath{\\rfloor}",
        'φ' => "\\ensuremath{\\varphi}",
        'Φ' => "\\ensuremath{\\Phi}",
        'γ' => "\\ensuremath{\\gamma}",
        '²' => "\\ensuremath{^2}",
        '³' => "\\ensuremath{^3}",
        '⁴' => "\\ensuremath{^4}",
        '⁺' => "\\ensuremath{^+}",
        '⁻' => "\\ensuremath{^-}",
        '₀' => "\\ensuremath{_0}",
        '₁' => "\\ensuremath{_1}",
        '₂' => "\\ensuremath{_2}",
        _ => return None,
    })
}

/// Whether pdflatex sets `c` (ASCII, Latin-1, or declared by [`unicode`]).
pub fn settable(c: char) -> bool {
    c.is_ascii() || ('\u{a0}'..='\u{ff}').contains(&c) || unicode(c).is_some()
}

/// The PDF pdflatex makes of `document`, or why it made none.
fn pdf(document: &str) -> Result<Vec<u8>, String> {
    let folder = Scratch::new().map_err(|e| format!("no folder to run pdflatex in: {e}"))?;
    let source = folder.0.join("statement.tex");
    fs::write(&source, document).map_err(|e| format!("{}: {e}", source.display()))?;
    let run = Command::new("pdflatex")
        .args([
            "-interaction=nonstopmode",
            "-halt-on-error",
            "-no-shell-escape",
            "statement.tex",
        ])
        .current_dir(&folder.0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output();
    let run = match run {
        Ok(run) => run,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Err("pdflatex is not on the PATH".into())
        }
        Err(error) => return Err(format!("pdflatex could not be run: {error}")),
    };
    let made = fs::read(folder.0.join("statement.pdf"));
    match made {
        Ok(pdf) if run.status.success() && pdf.starts_with(b"%PDF") => Ok(pdf),
        _ => {
            let said = String::from_utf8_lossy(&run.stdout);
            // TeX's errors are the lines that begin with `!`.
            let error = said
                .lines()
                .find(|line| line.starts_with('!'))
                .unwrap_or("no error message");
            Err(format!("pdflatex failed ({}): {error}", run.status))
        }
    }
}

/// A new folder under the system's temporary folder, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> io::Result<Scratch> {
        let base = std::env::temp_dir();
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for attempt in 0..100u32 {
            let path = base.join(format!(
                "nimstream-statement-{}-{stamp}-{attempt}",
                std::process::id()
            ));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(Scratch(path)),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(error) => return Err(error),
            }
        }
        Err(io::Error::other("100 temporary folder names were taken"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every catalogue problem's statement is set by pdflatex's UTF-8
    /// input without a character it does not know, which would fail it.
    #[test]
    fn every_catalogue_statement_has_only_characters_pdflatex_sets() {
        for problem in &crate::problem::CATALOGUE {
            let text = crate::package::statement::latex(problem, None, &[]);
            let unknown: Vec<char> = text.chars().filter(|&c| !settable(c)).collect();
            assert!(unknown.is_empty(), "{}: {unknown:?}", problem.name);
            let html = html::page(&text, &[]);
            assert!(
                !html.contains('\\') && !html.contains('$'),
                "{}: {html}",
                problem.name
            );
        }
    }

    #[test]
    fn the_document_declares_the_characters_it_holds_and_sets_the_samples() {
        let samples = [Sample::Batch {
            input: "1\n2 3".into(),
            answer: "Bob\n".into(),
        }];
        let doc = document("\\problemname{X}\nφ and φ … ≤\n", &samples);
        assert_eq!(doc.matches("DeclareUnicodeCharacter{03C6}").count(), 1);
        assert!(doc.contains("\\DeclareUnicodeCharacter{2026}{\\dots{}}"));
        assert!(
            doc.contains("\\begin{verbatim}\n1\n2 3\n\\end{verbatim}"),
            "{doc}"
        );
        assert!(
            doc.contains("\\begin{verbatim}\nBob\n\\end{verbatim}"),
            "{doc}"
        );
        assert!(doc.ends_with("\\end{document}\n"));
    }

    #[test]
    fn a_long_sample_is_cut_saying_so() {
        let long: String = (0..100).map(|i| format!("{i}\n")).collect();
        let kept = cut(&long);
        assert_eq!(kept.lines().count(), MAX_SAMPLE_LINES + 1);
        assert!(kept.ends_with("(60 more lines in data/sample)\n"), "{kept}");
    }
}
