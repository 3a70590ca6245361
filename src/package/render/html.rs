//! The statement as HTML, for a judge host's browser when no LaTeX could
//! make the PDF: made from the very LaTeX of `problem.en.tex`, which
//! nimstream writes itself ([`crate::package::statement`]) and so holds
//! only a small set of commands — `\problemname`, `\section*`, `\emph`,
//! `\texttt`, `\textsuperscript`, `itemize`, the escaped specials and a
//! little mathematics (`$\le$`, `$T$`). A command outside that set is
//! dropped and its argument kept as text, so that a statement still reads.

use super::Sample;

/// The HTML page of the LaTeX statement `latex`, titled by its
/// `\problemname`, with `samples` after it.
pub fn page(latex: &str, samples: &[Sample]) -> String {
    let mut title = String::new();
    let mut body = String::new();
    let mut paragraph = String::new();
    for line in latex.lines() {
        let line = line.trim_end();
        if line.starts_with('%') {
            continue;
        }
        if line.is_empty() {
            close(&mut paragraph, &mut body);
            continue;
        }
        if let Some(name) = argument(line, "\\problemname{") {
            close(&mut paragraph, &mut body);
            title = inline(name);
            body += &format!("<h1>{title}</h1>\n");
        } else if let Some(name) = argument(line, "\\section*{") {
            close(&mut paragraph, &mut body);
            body += &format!("<h2>{}</h2>\n", inline(name));
        } else if line == "\\begin{itemize}" {
            close(&mut paragraph, &mut body);
            body += "<ul>\n";
        } else if line == "\\end{itemize}" {
            body += "</ul>\n";
        } else if let Some(item) = line.strip_prefix("\\item ") {
            body += &format!("<li>{}</li>\n", inline(item));
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph += &inline(line);
        }
    }
    close(&mut paragraph, &mut body);
    if !samples.is_empty() {
        body += &samples_html(samples);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n\
         body {{ max-width: 45em; margin: 2em auto; padding: 0 1em; font-family: serif; \
         line-height: 1.4; }}\n\
         h1 {{ text-align: center; }}\n\
         table.sample {{ border-collapse: collapse; margin: 1em 0; }}\n\
         table.sample th, table.sample td {{ border: 1px solid #888; padding: 0.3em 0.8em; \
         vertical-align: top; text-align: left; }}\n\
         pre {{ margin: 0; }}\n\
         </style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
}

/// The argument of `command` (which ends in `{`) when `line` is that
/// command alone.
fn argument<'a>(line: &'a str, command: &str) -> Option<&'a str> {
    line.strip_prefix(command)?.strip_suffix('}')
}

/// Ends the paragraph being gathered, if any.
fn close(paragraph: &mut String, body: &mut String) {
    if !paragraph.is_empty() {
        *body += &format!("<p>{paragraph}</p>\n");
        paragraph.clear();
    }
}

/// The samples as tables: input beside answer, or an interaction's lines.
fn samples_html(samples: &[Sample]) -> String {
    let mut html = String::from("<h2>Samples</h2>\n");
    for (at, sample) in samples.iter().enumerate() {
        let n = at + 1;
        html += "<table class=\"sample\">\n";
        match sample {
            Sample::Batch { input, answer } => {
                html += &format!(
                    "<tr><th>Sample input {n}</th><th>Sample output {n}</th></tr>\n\
                     <tr><td><pre>{}</pre></td><td><pre>{}</pre></td></tr>\n",
                    escape(input),
                    escape(answer)
                );
            }
            Sample::Dialogue(lines) => {
                html += &format!(
                    "<tr><th>The judge writes (sample {n})</th><th>Your program writes</th></tr>\n"
                );
                for (judge, said) in lines {
                    let said = format!("<pre>{}</pre>", escape(said));
                    html += &match judge {
                        true => format!("<tr><td>{said}</td><td></td></tr>\n"),
                        false => format!("<tr><td></td><td>{said}</td></tr>\n"),
                    };
                }
            }
        }
        html += "</table>\n";
    }
    html
}

/// Text as HTML: `<`, `>`, `&` and `"` escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A line of running LaTeX as HTML.
fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    // The HTML tags to close at each `}` of an argument, innermost last.
    let mut open: Vec<&'static str> = Vec::new();
    let mut math = false;
    while at < chars.len() {
        let c = chars[at];
        at += 1;
        match c {
            '\\' => {
                let start = at;
                while at < chars.len() && chars[at].is_ascii_alphabetic() {
                    at += 1;
                }
                if at == start {
                    // An escaped special: `\&`, `\%`, `\{`, `\\`.
                    if let Some(&special) = chars.get(at) {
                        out += &escape(&special.to_string());
                        at += 1;
                    }
                    continue;
                }
                let name: String = chars[start..at].iter().collect();
                let takes_argument = chars.get(at) == Some(&'{');
                if takes_argument {
                    at += 1;
                }
                let (text, tag) = command(&name);
                out += text;
                if takes_argument {
                    match tag {
                        Some(tag) => {
                            out += &format!("<{tag}>");
                            open.push(tag);
                        }
                        None => open.push(""),
                    }
                }
                // A command word ends at a space, which LaTeX swallows in
                // text (in mathematics, the spaces as written read best).
                if !takes_argument && !math && chars.get(at) == Some(&' ') {
                    at += 1;
                }
            }
            '{' => open.push(""),
            '}' => {
                if let Some(tag) = open.pop().filter(|tag| !tag.is_empty()) {
                    out += &format!("</{tag}>");
                }
            }
            '$' => math = !math,
            '~' => out.push('\u{a0}'),
            '-' if math => out.push('−'),
            _ => out += &escape(&c.to_string()),
        }
    }
    for tag in open.into_iter().rev().filter(|tag| !tag.is_empty()) {
        out += &format!("</{tag}>");
    }
    out
}

/// What a LaTeX command writes, and the HTML element its argument goes in.
fn command(name: &str) -> (&'static str, Option<&'static str>) {
    match name {
        "texttt" => ("", Some("code")),
        "emph" | "textit" => ("", Some("em")),
        "textbf" => ("", Some("strong")),
        "textsuperscript" => ("", Some("sup")),
        "textbackslash" => ("\\", None),
        "textasciitilde" => ("~", None),
        "dots" | "ldots" => ("…", None),
        "le" | "leq" => ("≤", None),
        "ge" | "geq" => ("≥", None),
        "times" => ("×", None),
        "cdot" => ("·", None),
        _ => ("", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_commands_become_html() {
        let latex = "%% plainproblemname: A & B\n\\problemname{A \\& B}\n\nSome \\emph{rules} \
                     with 1 $\\le$ n $\\le$ 2\\textsuperscript{31}-1\nand more.\n\n\
                     \\section*{Output}\n\n\\texttt{Alice} or \\texttt{a<b}, $1 \\le T \\le 10$.\n\
                     \\begin{itemize}\n\\item one \\dots{} two\n\\end{itemize}\n";
        let html = page(latex, &[]);
        assert!(html.contains("<title>A &amp; B</title>"), "{html}");
        assert!(html.contains("<h1>A &amp; B</h1>"), "{html}");
        assert!(
            html.contains("<p>Some <em>rules</em> with 1 ≤ n ≤ 2<sup>31</sup>-1 and more.</p>"),
            "{html}"
        );
        assert!(html.contains("<h2>Output</h2>"), "{html}");
        assert!(
            html.contains("<code>Alice</code> or <code>a&lt;b</code>, 1 ≤ T ≤ 10."),
            "{html}"
        );
        assert!(html.contains("<ul>\n<li>one … two</li>\n</ul>"), "{html}");
        assert!(!html.contains('\\') && !html.contains('$'), "{html}");
    }

    #[test]
    fn samples_are_tables_of_preformatted_text() {
        let samples = [
            Sample::Batch {
                input: "1\n3\n1 2 3\n".into(),
                answer: "Bob\n".into(),
            },
            Sample::Dialogue(vec![(true, "1".into()), (false, "First".into())]),
        ];
        let html = page("\\problemname{X}\n", &samples);
        assert!(
            html.contains("<td><pre>1\n3\n1 2 3\n</pre></td><td><pre>Bob\n</pre></td>"),
            "{html}"
        );
        assert!(
            html.contains("<tr><td></td><td><pre>First</pre></td></tr>"),
            "{html}"
        );
    }
}
