//! A package as one zip file, the form DOMjudge's and Kattis's imports
//! take: the folder's contents at the archive's root (`problem.yaml`,
//! `.timelimit`, `data/…`), each file deflated, with its Unix mode kept so
//! that the validators' `build` and `run` scripts stay executable.
//!
//! The archive is the plain zip format (PKWARE's APPNOTE: local headers,
//! the data, a central directory, its end record), without ZIP64: a
//! package is megabytes, and a file or archive past 4 GiB is refused. It
//! is the same bytes for the same folder: names in sorted order, one fixed
//! date (1980-01-01, the format's first).

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use flate2::write::DeflateEncoder;
use flate2::{Compression, Crc};

/// "Version needed to extract": 2.0, deflate.
const VERSION_NEEDED: u16 = 20;
/// "Version made by": Unix (3) in the high byte, so that readers take the
/// external attributes' high half as the file's mode.
const MADE_BY_UNIX: u16 = (3 << 8) | 20;
const DEFLATED: u16 = 8;
/// Midnight, 1 January 1980, in MS-DOS's date format (the time is 0).
const DOS_DATE: u16 = (1 << 5) | 1;

/// One file's place and sums, for the central directory.
struct Entry {
    name: String,
    crc: u32,
    compressed: u32,
    size: u32,
    mode: u32,
    offset: u32,
}

/// Writes the contents of `folder` (every file under it, by its path from
/// it, `/` between folders) as a zip archive to `out`.
pub fn write_zip(folder: &Path, out: impl Write) -> io::Result<()> {
    let mut files = Vec::new();
    collect(folder, "", &mut files)?;
    files.sort();
    let mut out = Counted { out, written: 0 };
    let mut entries = Vec::with_capacity(files.len());
    for name in files {
        let path = folder.join(&name);
        let bytes = fs::read(&path)?;
        let mode = fs::metadata(&path)?.permissions().mode();
        let mut crc = Crc::new();
        crc.update(&bytes);
        let mut encoder = DeflateEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(&bytes)?;
        let deflated = encoder.finish()?;
        let entry = Entry {
            crc: crc.sum(),
            compressed: fits(deflated.len() as u64, &name)?,
            size: fits(bytes.len() as u64, &name)?,
            mode,
            offset: fits(out.written, &name)?,
            name,
        };
        out.write_all(&local_header(&entry))?;
        out.write_all(&deflated)?;
        entries.push(entry);
    }
    let directory_at = fits(out.written, "the central directory")?;
    let mut directory = Vec::new();
    for entry in &entries {
        directory.extend_from_slice(&central_header(entry));
    }
    out.write_all(&directory)?;
    let count = u16::try_from(entries.len())
        .map_err(|_| io::Error::other("more than 65535 files for a zip without ZIP64"))?;
    let mut end = Vec::with_capacity(22);
    end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    end.extend_from_slice(&[0; 4]); // this disk, and the directory's
    end.extend_from_slice(&count.to_le_bytes());
    end.extend_from_slice(&count.to_le_bytes());
    end.extend_from_slice(&(directory.len() as u32).to_le_bytes());
    end.extend_from_slice(&directory_at.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes()); // no comment
    out.write_all(&end)?;
    out.out.flush()
}

/// Every file under `folder`, by its path from the archive's root.
fn collect(folder: &Path, prefix: &str, files: &mut Vec<String>) -> io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().into_string().map_err(|name| {
            io::Error::other(format!(
                "{}: a name that is not UTF-8 cannot go in the zip",
                Path::new(&name).display()
            ))
        })?;
        let path = format!("{prefix}{name}");
        if entry.file_type()?.is_dir() {
            collect(&entry.path(), &format!("{path}/"), files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

fn fits(value: u64, what: &str) -> io::Result<u32> {
    u32::try_from(value).map_err(|_| {
        io::Error::other(format!(
            "{what}: past 4 GiB, more than a zip without ZIP64 holds"
        ))
    })
}

/// The fields a local header and a central one share, from "version
/// needed" to the name's length.
fn common(entry: &Entry) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(26);
    bytes.extend_from_slice(&VERSION_NEEDED.to_le_bytes());
    bytes.extend_from_slice(&(1u16 << 11).to_le_bytes()); // names in UTF-8
    bytes.extend_from_slice(&DEFLATED.to_le_bytes());
    bytes.extend_from_slice(&0u16.to_le_bytes()); // time
    bytes.extend_from_slice(&DOS_DATE.to_le_bytes());
    bytes.extend_from_slice(&entry.crc.to_le_bytes());
    bytes.extend_from_slice(&entry.compressed.to_le_bytes());
    bytes.extend_from_slice(&entry.size.to_le_bytes());
    bytes.extend_from_slice(&(entry.name.len() as u16).to_le_bytes());
    bytes
}

fn local_header(entry: &Entry) -> Vec<u8> {
    let mut bytes = 0x0403_4b50u32.to_le_bytes().to_vec();
    bytes.extend_from_slice(&common(entry));
    bytes.extend_from_slice(&0u16.to_le_bytes()); // no extra field
    bytes.extend_from_slice(entry.name.as_bytes());
    bytes
}

fn central_header(entry: &Entry) -> Vec<u8> {
    let mut bytes = 0x0201_4b50u32.to_le_bytes().to_vec();
    bytes.extend_from_slice(&MADE_BY_UNIX.to_le_bytes());
    bytes.extend_from_slice(&common(entry));
    bytes.extend_from_slice(&[0; 8]); // extra, comment, disk, internal attributes
    bytes.extend_from_slice(&(entry.mode << 16).to_le_bytes());
    bytes.extend_from_slice(&entry.offset.to_le_bytes());
    bytes.extend_from_slice(entry.name.as_bytes());
    bytes
}

/// A writer that counts the bytes it has written: the offsets the central
/// directory names.
struct Counted<W> {
    out: W,
    written: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::DeflateDecoder;
    use std::io::Read;

    fn u16_at(bytes: &[u8], at: usize) -> usize {
        u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    /// Each file of the archive, read as a reader of the format would:
    /// from the end record to the central directory to each local header.
    fn read_back(zip: &[u8]) -> Vec<(String, Vec<u8>, u32)> {
        let end = zip.len() - 22;
        assert_eq!(u32_at(zip, end), 0x0605_4b50);
        let count = u16_at(zip, end + 10);
        let mut at = u32_at(zip, end + 16) as usize;
        let mut files = Vec::new();
        for _ in 0..count {
            assert_eq!(u32_at(zip, at), 0x0201_4b50);
            assert_eq!(u16_at(zip, at + 4) >> 8, 3, "made on Unix");
            let (crc, compressed, size) = (
                u32_at(zip, at + 16),
                u32_at(zip, at + 20) as usize,
                u32_at(zip, at + 24) as usize,
            );
            let name_len = u16_at(zip, at + 28);
            let mode = u32_at(zip, at + 38) >> 16;
            let local = u32_at(zip, at + 42) as usize;
            let name = String::from_utf8(zip[at + 46..at + 46 + name_len].to_vec()).unwrap();
            assert_eq!(u32_at(zip, local), 0x0403_4b50);
            assert_eq!(&zip[local + 30..local + 30 + name_len], name.as_bytes());
            let data = local + 30 + name_len + u16_at(zip, local + 28);
            let mut bytes = Vec::new();
            DeflateDecoder::new(&zip[data..data + compressed])
                .read_to_end(&mut bytes)
                .unwrap();
            assert_eq!(bytes.len(), size);
            let mut sum = Crc::new();
            sum.update(&bytes);
            assert_eq!(sum.sum(), crc, "{name}");
            files.push((name, bytes, mode));
            at += 46 + name_len;
        }
        files
    }

    #[test]
    fn a_folder_reads_back_whole_with_its_modes_and_paths() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("data/secret")).unwrap();
        fs::write(root.join("problem.yaml"), "name: Nim\n").unwrap();
        fs::write(root.join(".timelimit"), "1\n").unwrap();
        let big: Vec<u8> = (0..200_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        fs::write(root.join("data/secret/01.in"), &big).unwrap();
        fs::write(root.join("data/secret/01.ans"), "").unwrap();
        fs::write(root.join("run"), "#!/bin/sh\n").unwrap();
        fs::set_permissions(root.join("run"), fs::Permissions::from_mode(0o755)).unwrap();
        let mut zip = Vec::new();
        write_zip(root, &mut zip).unwrap();
        let files = read_back(&zip);
        let names: Vec<&str> = files.iter().map(|(name, _, _)| name.as_str()).collect();
        assert_eq!(
            names,
            [
                ".timelimit",
                "data/secret/01.ans",
                "data/secret/01.in",
                "problem.yaml",
                "run"
            ]
        );
        assert_eq!(files[2].1, big);
        assert!(zip.len() < big.len() / 2, "deflated: {} bytes", zip.len());
        assert_eq!(files[4].2 & 0o777, 0o755);
        assert_eq!(files[3].2 & 0o111, 0, "problem.yaml is not executable");
        // The same folder, the same bytes.
        let mut again = Vec::new();
        write_zip(root, &mut again).unwrap();
        assert_eq!(again, zip);
    }
}
