//! The interaction protocol of a problem played interactively: how a
//! game's position is sent, who chooses the first player, what the interactor answers after each move
//! and the lines that end a game. Its default is the protocol every
//! catalogue problem has; a problem file states another in its
//! `[interactive]` section.

/// How a problem is played against the contestant's program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Protocol {
    /// How each game's position is sent.
    pub send: Opening,
    /// Who makes the first move.
    pub side: SideRule,
    /// What the interactor writes after each of its moves.
    pub reply: Reply,
    /// The line that tells the program it won a game.
    pub won: &'static str,
    /// The line that tells the program it lost a game or broke the
    /// protocol, after which the session is over.
    pub lost: &'static str,
}

/// How each game's position is sent to the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// As the problem's input has it: the number of cases before the
    /// first (when the layout counts them), the case's lines, the end
    /// marker after the last game (when the layout has one).
    Input,
    /// The number of games on a line, then each game's case on one line:
    /// the number of heaps and the heaps, or the case's one or two
    /// numbers; no end marker.
    Line,
}

/// Who makes the first move of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideRule {
    /// The program writes `First` or `Second` after reading the position.
    Chosen,
    /// The program always moves first, and writes no side.
    First,
    /// The interactor always moves first, and the program writes no side.
    Second,
}

/// What the interactor writes after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Its move, in the game's `--move` notation.
    Move,
    /// The whole position after its move, on one line: for heaps the
    /// number of heaps and the heaps (a heap of 0 kept), for one pile the
    /// pile, for two piles both.
    Position,
}

impl Protocol {
    /// Today's protocol, and every catalogue problem's: the program says
    /// `First` or `Second`, the interactor answers with its move, `0` a
    /// game won and `-1` one lost.
    pub const DEFAULT: Protocol = Protocol {
        send: Opening::Input,
        side: SideRule::Chosen,
        reply: Reply::Move,
        won: "0",
        lost: "-1",
    };

    /// The protocol in a few words, for listings and prompts.
    pub fn describe(&self) -> String {
        let send = match self.send {
            Opening::Input => "the case as the input has it",
            Opening::Line => "the number of games, then each case on a line",
        };
        let side = match self.side {
            SideRule::Chosen => "the program writes First or Second",
            SideRule::First => "the program moves first",
            SideRule::Second => "nimstream moves first",
        };
        let reply = match self.reply {
            Reply::Move => "nimstream answers a move with its move",
            Reply::Position => "nimstream answers a move with the position after its own",
        };
        let default = match *self == Protocol::DEFAULT {
            true => " (the default)",
            false => "",
        };
        format!(
            "{send}; {side}; {reply}; {} a game won, {} lost{default}",
            self.won, self.lost
        )
    }
}

impl Default for Protocol {
    fn default() -> Protocol {
        Protocol::DEFAULT
    }
}

/// The names a problem file gives each way to send a position.
pub(crate) const OPENINGS: &[(&str, Opening)] =
    &[("input", Opening::Input), ("line", Opening::Line)];

/// The names a problem file gives each side rule.
pub(crate) const SIDES: &[(&str, SideRule)] = &[
    ("chosen", SideRule::Chosen),
    ("first", SideRule::First),
    ("second", SideRule::Second),
];

/// The names a problem file gives each reply.
pub(crate) const REPLIES: &[(&str, Reply)] =
    &[("move", Reply::Move), ("position", Reply::Position)];
