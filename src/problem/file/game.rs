//! Which game a problem file plays: the game `game = "…"` names, or the
//! rule `rule = "…"` gives, played as `play = "…"` says.

use super::{leak, named, ProblemFile};
use crate::games::known::{self, KnownGame, MISERE_RULE, RULE};
use crate::grundy::Rule;
use crate::problem::check::Key;
use crate::problem::Play;

/// The game `game = "…"` names, or the rule `rule = "…"` gives: exactly one
/// of the two; a rule is played as `play = "…"` says.
pub(super) fn read_game(
    file: &ProblemFile,
) -> Result<(&'static KnownGame, Option<&'static str>), (Key, String)> {
    let (game, rule) = read_game_or_rule(file)?;
    let Some(play) = &file.play else {
        return Ok((game, rule));
    };
    match named(PLAYS, play.get_ref(), "play").map_err(|m| (Key::Play, m))? {
        _ if rule.is_none() => Err((
            Key::Play,
            "play applies to a game given by its rule: give `rule = \"…\"`".into(),
        )),
        Play::Normal => Ok((game, rule)),
        Play::Misere => Ok((&MISERE_RULE, rule)),
    }
}

/// The ways to play a rule, as `play = "…"` names them.
const PLAYS: &[(&str, Play)] = &[("normal", Play::Normal), ("misere", Play::Misere)];

/// [`read_game`] before `play` is read.
fn read_game_or_rule(
    file: &ProblemFile,
) -> Result<(&'static KnownGame, Option<&'static str>), (Key, String)> {
    match (&file.game, &file.rule) {
        (Some(_), Some(_)) => Err((
            Key::Game,
            "a problem names its game or gives its rule, not both".into(),
        )),
        (None, None) => Err((
            Key::Game,
            format!(
                "missing: name the game with `game = \"…\"` ({}) or give a rule with \
                 `rule = \"0.77\"`",
                known::ids()
            ),
        )),
        (Some(id), None) => match KnownGame::by_id(id.get_ref()) {
            Some(game) => Ok((game, None)),
            None => Err((
                Key::Game,
                format!(
                    "unknown game `{}`; expected one of: {} (or a rule: `rule = \"0.77\"`)",
                    id.get_ref(),
                    known::ids()
                ),
            )),
        },
        (None, Some(rule)) => match Rule::parse(rule.get_ref()) {
            Ok(_) => Ok((&RULE, Some(leak(rule.get_ref().clone())))),
            Err(error) => Err((Key::Rule, error.to_string())),
        },
    }
}
