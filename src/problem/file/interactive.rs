//! A problem file's `[interactive]` section: the protocol of the problem
//! played against the contestant's program. Every key is optional and a
//! section left out is the default protocol, the catalogue's.
//!
//! ```toml
//! [interactive]
//! send = "line"         # "input" (the case as the input has it, the default), "line"
//! side = "first"        # "chosen" (First/Second, the default), "first", "second"
//! reply = "position"    # "move" (the default), "position"
//! won = "WIN"           # the line of a game won ("0" by default)
//! lost = "LOSE"         # the line of a game lost ("-1" by default)
//! ```

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::{leak, name_of, named};
use crate::problem::check::Key;
use crate::problem::protocol::{OPENINGS, REPLIES, SIDES};
use crate::problem::Protocol;

/// The section as `serde` reads and writes it.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileInteractive {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    send: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    side: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reply: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    won: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lost: Option<Spanned<String>>,
}

/// The protocol the section states, each key noted with its span; each
/// key left out keeps the default's value.
pub(super) fn read_protocol(
    section: &Option<FileInteractive>,
    note: &mut impl FnMut(Key, std::ops::Range<usize>),
) -> Result<Protocol, (Key, String)> {
    let mut protocol = Protocol::DEFAULT;
    let Some(section) = section else {
        return Ok(protocol);
    };
    if let Some(send) = &section.send {
        note(Key::Send, send.span());
        protocol.send = named(OPENINGS, send.get_ref(), "send").map_err(|m| (Key::Send, m))?;
    }
    if let Some(side) = &section.side {
        note(Key::Side, side.span());
        protocol.side = named(SIDES, side.get_ref(), "side").map_err(|m| (Key::Side, m))?;
    }
    if let Some(reply) = &section.reply {
        note(Key::Reply, reply.span());
        protocol.reply = named(REPLIES, reply.get_ref(), "reply").map_err(|m| (Key::Reply, m))?;
    }
    for (key, given, word) in [
        (Key::Won, &section.won, &mut protocol.won),
        (Key::Lost, &section.lost, &mut protocol.lost),
    ] {
        if let Some(given) = given {
            note(key, given.span());
            let text = given.get_ref();
            if text.is_empty() || text.contains(['\n', '\r']) || text.trim() != text {
                return Err((
                    key,
                    "the line that ends a game is one line of at least one character, \
                     without spaces around it"
                        .into(),
                ));
            }
            *word = leak(text.clone());
        }
    }
    if protocol.won == protocol.lost {
        let key = match section.lost {
            Some(_) => Key::Lost,
            None => Key::Won,
        };
        return Err((
            key,
            format!(
                "a game won and a game lost end with the same line `{}`: the program could \
                 not tell them apart",
                protocol.won
            ),
        ));
    }
    Ok(protocol)
}

/// The section that states `protocol`: `None` for the default, which a
/// file leaves out; otherwise each key that differs from the default.
pub(super) fn write_protocol(protocol: &Protocol) -> Option<FileInteractive> {
    let default = Protocol::DEFAULT;
    if *protocol == default {
        return None;
    }
    let spanned = |text: &str| Some(Spanned::new(0..0, text.to_string()));
    Some(FileInteractive {
        send: (protocol.send != default.send)
            .then(|| spanned(name_of(OPENINGS, protocol.send)))
            .flatten(),
        side: (protocol.side != default.side)
            .then(|| spanned(name_of(SIDES, protocol.side)))
            .flatten(),
        reply: (protocol.reply != default.reply)
            .then(|| spanned(name_of(REPLIES, protocol.reply)))
            .flatten(),
        won: (protocol.won != default.won)
            .then(|| spanned(protocol.won))
            .flatten(),
        lost: (protocol.lost != default.lost)
            .then(|| spanned(protocol.lost))
            .flatten(),
    })
}
