//! Notes on catalogue entries that a setter should read before trusting
//! them: formats reconstructed rather than copied from the judge.

use super::Problem;

impl Problem {
    /// A note for a catalogue entry whose input format was reconstructed
    /// rather than copied from the judge's own statement; `None` for others.
    pub fn reconstructed(&self) -> Option<&'static str> {
        match (self.name, self.source) {
            ("hdu3595", "HDU 3595") => Some(
                "this input format was reconstructed, not copied from HDU's statement; \
                 check it against the judge's own before relying on it.",
            ),
            ("poj2975", "POJ 2975") => Some(
                "the line n = 0 that ends the input comes from copies of the statement \
                 (fjnuacm.top, blog.lordash.cf), not from POJ's own page.",
            ),
            _ => None,
        }
    }
}
