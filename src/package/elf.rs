//! Whether a validator binary runs on any Linux judge host: an ELF
//! executable that names a program interpreter (`PT_INTERP`, the dynamic
//! loader `/lib64/ld-linux-x86-64.so.2`) needs the host's C library, at
//! least the version it was linked against (a nimstream built on a new
//! distribution needs GLIBC 2.34); one without (a static or static-pie
//! build) needs only the kernel.

/// How an executable is linked, as its program headers say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Linking {
    /// No program interpreter: it runs on any Linux host of its machine.
    Static,
    /// Loaded by this program interpreter, with the host's shared
    /// libraries.
    Dynamic(String),
}

/// ELF's program header type of the interpreter's path.
const PT_INTERP: u32 = 3;

/// How the ELF executable `bytes` is linked, or why it cannot be told
/// (not ELF, or its headers lie outside the file).
pub fn linking(bytes: &[u8]) -> Result<Linking, String> {
    if bytes.get(..4) != Some(b"\x7fELF") {
        return Err("not an ELF executable".into());
    }
    let wide = match bytes.get(4) {
        Some(1) => false,
        Some(2) => true,
        _ => return Err("an ELF file of unknown class".into()),
    };
    let little = match bytes.get(5) {
        Some(1) => true,
        Some(2) => false,
        _ => return Err("an ELF file of unknown byte order".into()),
    };
    let read = |at: usize, width: usize| -> Result<u64, String> {
        let field = bytes
            .get(at..at.saturating_add(width))
            .ok_or("an ELF file cut short in its headers")?;
        let mut value = 0u64;
        for (i, &byte) in field.iter().enumerate() {
            let shift = match little {
                true => 8 * i,
                false => 8 * (width - 1 - i),
            };
            value |= u64::from(byte) << shift;
        }
        Ok(value)
    };
    // The ELF header's fields: where the program headers are, how large
    // each is, and how many.
    let (phoff, phentsize, phnum) = match wide {
        true => (read(0x20, 8)?, read(0x36, 2)?, read(0x38, 2)?),
        false => (read(0x1c, 4)?, read(0x2a, 2)?, read(0x2c, 2)?),
    };
    let (offset_at, size_at, width) = match wide {
        true => (0x08, 0x20, 8),
        false => (0x04, 0x10, 4),
    };
    for index in 0..phnum {
        let header = usize::try_from(phoff.saturating_add(index * phentsize))
            .map_err(|_| "an ELF program header past the address space")?;
        if read(header, 4)? != PT_INTERP as u64 {
            continue;
        }
        let at = read(header.saturating_add(offset_at), width)? as usize;
        let size = read(header.saturating_add(size_at), width)? as usize;
        let path = bytes
            .get(at..at.saturating_add(size))
            .ok_or("an ELF interpreter path outside the file")?;
        let path = path.split(|&b| b == 0).next().unwrap_or_default();
        return Ok(Linking::Dynamic(String::from_utf8_lossy(path).into_owned()));
    }
    Ok(Linking::Static)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal 64-bit little-endian ELF header with one program header
    /// of type `kind`, whose segment (for `PT_INTERP`) holds `path`.
    fn elf64(kind: u32, path: &[u8]) -> Vec<u8> {
        let mut bytes = vec![0u8; 0x40 + 0x38];
        bytes[..4].copy_from_slice(b"\x7fELF");
        bytes[4] = 2; // 64-bit
        bytes[5] = 1; // little-endian
        bytes[0x20..0x28].copy_from_slice(&0x40u64.to_le_bytes()); // e_phoff
        bytes[0x36..0x38].copy_from_slice(&0x38u16.to_le_bytes()); // e_phentsize
        bytes[0x38..0x3a].copy_from_slice(&1u16.to_le_bytes()); // e_phnum
        bytes[0x40..0x44].copy_from_slice(&kind.to_le_bytes()); // p_type
        let at = bytes.len() as u64;
        bytes[0x48..0x50].copy_from_slice(&at.to_le_bytes()); // p_offset
        bytes[0x60..0x68].copy_from_slice(&(path.len() as u64).to_le_bytes()); // p_filesz
        bytes.extend_from_slice(path);
        bytes
    }

    #[test]
    fn an_interpreter_makes_it_dynamic_and_none_static() {
        let dynamic = elf64(PT_INTERP, b"/lib64/ld-linux-x86-64.so.2\0");
        assert_eq!(
            linking(&dynamic),
            Ok(Linking::Dynamic("/lib64/ld-linux-x86-64.so.2".into()))
        );
        // PT_LOAD alone: a static executable.
        assert_eq!(linking(&elf64(1, b"")), Ok(Linking::Static));
    }

    #[test]
    fn what_is_not_elf_or_is_cut_short_is_said() {
        assert_eq!(linking(b"#!/bin/sh\n"), Err("not an ELF executable".into()));
        let cut = &elf64(PT_INTERP, b"/lib/ld.so\0")[..0x50];
        assert!(linking(cut).is_err());
        let mut outside = elf64(PT_INTERP, b"/lib/ld.so\0");
        outside[0x60..0x68].copy_from_slice(&1000u64.to_le_bytes());
        assert_eq!(
            linking(&outside),
            Err("an ELF interpreter path outside the file".into())
        );
    }

    /// The test binary itself is linked as nimstream is by default:
    /// dynamically, where the target's C library is glibc's.
    #[test]
    #[cfg(all(
        target_os = "linux",
        target_env = "gnu",
        not(target_feature = "crt-static")
    ))]
    fn the_running_test_binary_is_dynamic() {
        let me = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        assert!(matches!(linking(&me), Ok(Linking::Dynamic(_))));
    }
}
