//! A command's inputs, opened once for every command that reads them: the
//! files named and the inputs each folder holds ([`expand`]). A
//! game given by its rule computes the values its heaps need and no more
//! (a one-heap file under 0.007 took 107 s computing 2^20 values for a
//! heap of 5), so before the game is built each input is read ahead for
//! its largest heap ([`Inputs::look`]), and then solved or validated from
//! what that reading left ([`Source::open`]). The heaps are read by the
//! problem's layout ([`Layout::largest_heap`]): the case count and each
//! case's heap count are no heaps (300 cases of heaps up to 9 once had
//! misère 0.07's quotient computed towards heap 300, and refused).
//!
//! How each input is read ahead, by what [`Input::open`] makes of it:
//!
//! * a plain file, memory-mapped, is scanned in place and opened again
//!   when its turn comes, when it is at most [`READ_AHEAD`] bytes (a
//!   second pass over a longer one would cost more than a rule with a
//!   period needs: its largest heap is then unknown);
//! * standard input, a pipe, and compressed data from them can be read only
//!   once: their text is read into memory, [`READ_AHEAD`] bytes for all of
//!   them together, and kept to be solved from. Past that bound the largest
//!   heap is unknown, and the game computes its default values;
//! * a compressed file's text is kept too while it fits in what is left of
//!   that bound; past it, as for standard input, the largest heap is
//!   unknown, and the text read so far is kept, the rest still unread.
//!
//! Where the largest heap is unknown, the game computes its default
//! values (`--upto`), as before this look.
//!
//! An input that cannot be opened or read here keeps its error, which is
//! reported at its turn as it would have been, and adds nothing to the
//! largest heap: the other inputs still run.

use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use nimstream::input::{display_name, Codec, Input, MmapChoice};
use nimstream::problem::Layout;
use nimstream::Error;

/// The most text held in memory for inputs that cannot be read twice.
const READ_AHEAD: usize = 64 << 20;

/// A command's inputs, each folder's in its place, and the largest heap
/// in them when it was looked for.
pub struct Inputs {
    sources: Vec<Source>,
    largest: Option<u64>,
}

/// One input: its path, and what reading it ahead left to solve from.
pub struct Source {
    path: PathBuf,
    /// The input as read ahead, or the error that stopped it; taken by
    /// [`Source::open`].
    opened: Mutex<Option<Result<Input, Error>>>,
}

impl Inputs {
    /// The inputs `paths` name (`-` is standard input; each folder gives its
    /// inputs, [`expand`]). With `sized`, each is read ahead, laid out so,
    /// for the largest heap in them all ([module documentation](self));
    /// `usage` is for the hint shown when standard input is a terminal.
    pub fn look(
        paths: &[PathBuf],
        sized: Option<Layout>,
        mmap: MmapChoice,
        usage: &str,
    ) -> Result<Self, Error> {
        let mut sources = Vec::new();
        for path in expand(paths)? {
            crate::hint_at_terminal(&path, usage);
            let opened = Mutex::new(None);
            sources.push(Source { path, opened });
        }
        let mut inputs = Inputs {
            largest: None,
            sources,
        };
        if let Some(layout) = sized {
            inputs.largest = inputs.read_ahead(layout, mmap);
        }
        Ok(inputs)
    }

    /// Reads every input ahead; the largest heap in them, `None` when one
    /// is unknown.
    fn read_ahead(&mut self, layout: Layout, mmap: MmapChoice) -> Option<u64> {
        let mut budget = READ_AHEAD;
        let mut largest = Some(0);
        let mut stdin_read = false;
        for source in &mut self.sources {
            // A second `-` reads what the first leaves of standard input:
            // nothing, as it is read to its end first.
            if source.path == Path::new("-") && std::mem::replace(&mut stdin_read, true) {
                continue;
            }
            let (found, kept) = match look_at(&source.path, layout, mmap, &mut budget) {
                Ok((found, kept)) => (found, kept.map(Ok)),
                Err(error) => (Some(0), Some(Err(error))),
            };
            largest = largest.zip(found).map(|(a, b)| a.max(b));
            *source
                .opened
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = kept;
        }
        largest.filter(|_| !self.sources.is_empty())
    }

    /// The largest heap in the inputs, when they were read ahead and each
    /// told it.
    pub fn largest(&self) -> Option<u64> {
        self.largest
    }

    /// The inputs, in order.
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// Whether more than one input is named, or a folder (whose inputs are
    /// several, however many it holds).
    pub fn several(paths: &[PathBuf]) -> bool {
        paths.len() > 1 || paths.iter().any(|p| p.is_dir())
    }
}

impl Source {
    /// The input's path; `-` is standard input.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The input, opened: as it was read ahead, or now. Each source is
    /// meant to be opened once; a second call opens its path again.
    pub fn open(&self, mmap: MmapChoice) -> Result<Input, Error> {
        let kept = self
            .opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        kept.unwrap_or_else(|| Input::open(&self.path, mmap))
    }

    /// Whether the input is a plain file smaller than `size` bytes.
    pub fn is_file_below(&self, size: u64) -> bool {
        self.path != Path::new("-")
            && std::fs::metadata(&self.path).is_ok_and(|m| m.is_file() && m.len() < size)
    }
}

/// The inputs `paths` name: files as given, and each directory's inputs
/// (`NAME.in`, or compressed, `NAME.in.gz`, `.zst` or `.xz`), sorted by
/// name. A directory without any is an error.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            inputs.push(path.clone());
            continue;
        }
        let io_error = |source| Error::Io {
            path: path.display().to_string(),
            source,
        };
        let mut found = Vec::new();
        for entry in std::fs::read_dir(path).map_err(io_error)? {
            let entry_path = entry.map_err(io_error)?.path();
            let named_input = entry_path.file_name().and_then(input_stem).is_some();
            if named_input && !entry_path.is_dir() {
                found.push(entry_path);
            }
        }
        if found.is_empty() {
            return Err(io_error(io::Error::other("holds no *.in file")));
        }
        found.sort();
        inputs.extend(found);
    }
    Ok(inputs)
}

/// Writes `path` as the bytes it is, a name that is not UTF-8 included, as
/// ripgrep and coreutils print names on standard output (messages on
/// standard error show such a name with U+FFFD in place of a bad byte).
pub(crate) fn write_name(out: &mut impl io::Write, path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        out.write_all(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        write!(out, "{}", path.display())
    }
}

/// `NAME` of an input's file name `NAME.in`, `NAME.in.gz`, `NAME.in.zst`
/// or `NAME.in.xz`; `None` for any other name.
pub(crate) fn input_stem(name: &OsStr) -> Option<&OsStr> {
    let mut path = Path::new(name);
    let compressed = |e: &OsStr| {
        Codec::ALL
            .iter()
            .any(|c| e.eq_ignore_ascii_case(c.extension()))
    };
    if path.extension().is_some_and(compressed) {
        path = Path::new(path.file_stem()?);
    }
    match path.extension() {
        Some(extension) if extension == "in" => path.file_stem(),
        _ => None,
    }
}

/// Opens `path` and finds the largest heap in it, read as `layout` (`None`
/// if unknown);
/// also the input itself when it is to be solved from what was read here.
/// Text kept in memory is taken from `budget`.
fn look_at(
    path: &Path,
    layout: Layout,
    mmap: MmapChoice,
    budget: &mut usize,
) -> Result<(Option<u64>, Option<Input>), Error> {
    let mut input = Input::open(path, mmap)?;
    if let Some(text) = input.as_slice() {
        // A longer file would cost a second pass over it, which a rule
        // with a period (most) does not need: its default values hold.
        let found = (text.len() <= READ_AHEAD).then(|| layout.largest_heap(text));
        return Ok((found.flatten(), None));
    }
    let io_error = |source| Error::Io {
        path: display_name(path).into_owned(),
        source,
    };
    let found = match input.read_ahead(*budget).map_err(io_error)? {
        Some(text) => {
            *budget -= text.len();
            layout.largest_heap(text)
        }
        // Held in memory up to the bound, the rest still unread.
        None => {
            *budget = 0;
            None
        }
    };
    Ok((found, Some(input)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn only_inputs_by_their_names_are_a_folders_inputs() {
        for (name, stem) in [
            ("1.in", Some("1")),
            ("a.b.in.gz", Some("a.b")),
            ("x.in.xz", Some("x")),
            ("x.out", None),
            ("x.gz", None),
            ("x.in.bz2", None),
            (".in", None),
        ] {
            assert_eq!(input_stem(OsStr::new(name)), stem.map(OsStr::new), "{name}");
        }
    }

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gzip.write_all(text).unwrap();
        gzip.finish().unwrap()
    }

    fn read(input: &mut Input) -> Vec<u8> {
        let mut buffer = Vec::new();
        input.bytes(&mut buffer).unwrap().to_vec()
    }

    #[test]
    fn compressed_files_past_the_bound_are_unknown_and_keep_their_whole_text() {
        let dir = tempfile::tempdir().unwrap();
        let (short, long) = (b"1\n1\n7\n".to_vec(), b"1\n2\n3 40\n".repeat(100));
        std::fs::write(dir.path().join("a.in.gz"), gzip(&short)).unwrap();
        std::fs::write(dir.path().join("b.in.gz"), gzip(&long)).unwrap();
        let folder = vec![dir.path().to_path_buf()];
        // Room for the first text, not for the second.
        let mut inputs = Inputs::look(&folder, None, MmapChoice::never(), "").unwrap();
        let mut budget = short.len() + 10;
        let mut found = Vec::new();
        for source in &mut inputs.sources {
            let (largest, kept) = look_at(
                &source.path,
                Layout::HeapCases,
                MmapChoice::never(),
                &mut budget,
            )
            .unwrap();
            found.push((largest, kept.is_some()));
            *source.opened.get_mut().unwrap() = kept.map(Ok);
        }
        assert_eq!(found, [(Some(7), true), (None, true)]);
        assert_eq!(budget, 0);
        let sources = inputs.sources();
        assert_eq!(
            read(&mut sources[0].open(MmapChoice::never()).unwrap()),
            short
        );
        assert_eq!(
            read(&mut sources[1].open(MmapChoice::never()).unwrap()),
            long
        );
    }

    #[test]
    fn an_input_that_cannot_be_opened_keeps_its_error_and_adds_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("a.in");
        std::fs::write(&plain, "1\n1\n12\n").unwrap();
        let missing = dir.path().join("missing.in");
        let paths = [plain, missing];
        let inputs =
            Inputs::look(&paths, Some(Layout::HeapCases), MmapChoice::never(), "").unwrap();
        assert_eq!(inputs.largest(), Some(12));
        let error = inputs.sources()[1].open(MmapChoice::never());
        assert!(matches!(error, Err(Error::Io { .. })));
    }

    #[test]
    fn the_case_count_of_a_file_is_not_its_largest_heap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("many.in");
        let cases: String = (0..300).map(|i| format!("{} 9\n", 1 + i % 4)).collect();
        std::fs::write(&path, format!("300\n{cases}")).unwrap();
        let paths = [path];
        let inputs =
            Inputs::look(&paths, Some(Layout::HeapCases), MmapChoice::never(), "").unwrap();
        assert_eq!(inputs.largest(), Some(9));
    }
}
