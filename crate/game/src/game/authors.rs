//! The game's side of authorship ([`crate::authorship`]): which seat's keys it knows, signing this
//! browser's decisions, and checking the signatures a link brought.

use super::Game;
use crate::authorship::{self, Author, PublicKey, Signed, SigningSeed, Statement, SIGNATURE_BYTES};
use crate::chance::ChanceSource;
use crate::error::{Error, ErrorCode, Result};
use crate::Seat;

impl Game {
    /// What the game knows of each seat's authorship (keys, latest signatures).
    pub fn authors(&self) -> &[Author] {
        &self.authors
    }

    /// Whether any seat has published a key: the game is played between browsers, with signatures.
    pub fn signed(&self) -> bool {
        self.authors.iter().any(|a| a.key.is_some())
    }

    /// Sets the seats' keys and signatures as a link spelled them (the link decoder's; tests forge
    /// links with it). Nothing is checked here: [`crate::link::decode`] checks every signature.
    #[doc(hidden)]
    pub fn set_authors(&mut self, authors: Vec<Author>) {
        self.changes += 1;
        self.authors = authors;
    }

    /// Takes this browser's signing seed for `seat`, publishing its key if the seat has none yet; fails
    /// when the seat's published key is another one (the seat belongs to another browser).
    pub fn adopt_signing_key(&mut self, seat: Seat, seed: SigningSeed) -> Result<()> {
        self.changes += 1;
        let names = self.seat_names();
        let Some(author) = self.authors.get_mut(seat as usize) else {
            return Err(Error::new(ErrorCode::BadSetting, format!("This game has no seat {seat}.")));
        };
        let Some(key) = authorship::public_key(&seed) else {
            return Err(Error::new(ErrorCode::LinkBadReveal, "The key this browser keeps for the game is damaged."));
        };
        if author.key.is_some_and(|k| k != key) {
            let name = names.get(seat as usize).copied().unwrap_or("This seat");
            return Err(Error::new(
                ErrorCode::LinkForeignCommitment,
                format!(
                    "{name}'s key in this game is not the one this browser keeps: {name} is played in another browser."
                ),
            ));
        }
        author.key = Some(key);
        author.own = Some(seed);
        Ok(())
    }

    /// The record length a seat's latest signature must cover: up to and including its last decision
    /// (`None` for a seat that has not decided).
    pub fn signed_plies(&self, seat: Seat) -> Option<usize> {
        self.record.iter().rposition(|e| e.seat == seat).map(|i| i + 1)
    }

    /// The seat whose signature a link leaves out: the seat to move while the game goes on (the link is
    /// for it, and it knows its own decisions). Once the game is over every seat is signed.
    pub fn unsigned_seat(&self) -> Option<Seat> {
        self.outcome().is_none().then(|| self.to_move())
    }

    /// Signs, with this browser's seeds, every seat whose latest decision its signature does not cover
    /// yet (after a decision, or after one was taken back). A seat without decisions has nothing to sign.
    pub fn sign_own(&mut self, game_id: u64) {
        for seat in 0..self.authors.len() {
            let (Some(seed), Some(key)) = (self.authors[seat].own, self.authors[seat].key) else { continue };
            let plies = self.signed_plies(seat as Seat);
            if self.authors[seat].signed.map(|s| s.plies) == plies {
                continue;
            }
            self.changes += 1;
            self.authors[seat].signed = plies.and_then(|plies| {
                let signature = authorship::sign(&seed, &self.statement(game_id, seat as Seat, &key, plies))?;
                Some(Signed { plies, signature })
            });
        }
    }

    /// This browser's signature for `seat` as a link would carry it: its latest, when it covers the
    /// seat's last decision (sign first with [`Game::sign_own`]).
    pub fn own_signature(&self, seat: Seat) -> Option<[u8; SIGNATURE_BYTES]> {
        let signed = self.authors.get(seat as usize)?.signed?;
        (Some(signed.plies) == self.signed_plies(seat)).then_some(signed.signature)
    }

    /// Takes `signature` as `seat`'s latest, covering its decisions up to its last one in the record
    /// as it is now (after a takeback both players agreed to, each sends its signature over the
    /// shortened record). Refused with `link-bad-signature` unless it verifies by the seat's key.
    pub fn accept_signature(&mut self, game_id: u64, seat: Seat, signature: [u8; SIGNATURE_BYTES]) -> Result<()> {
        let plies = self.signed_plies(seat);
        let key = self.authors.get(seat as usize).and_then(|a| a.key);
        let (Some(plies), Some(key)) = (plies, key) else {
            return Err(Error::new(ErrorCode::LinkBadSignature, "A signature for a seat without decisions or key."));
        };
        if !authorship::verifies(&key, &self.statement(game_id, seat, &key, plies), &signature) {
            return Err(Error::bilingual(
                ErrorCode::LinkBadSignature,
                "A player's signature over the game taken back does not match: it was not taken.",
                "La signature d'un joueur sur la partie reprise ne correspond pas : elle n'a pas été acceptée.",
            ));
        }
        self.changes += 1;
        self.authors[seat as usize].signed = Some(Signed { plies, signature });
        Ok(())
    }

    /// The digest `seat` signs for the record's first `plies` decisions.
    fn statement(&self, game_id: u64, seat: Seat, key: &PublicKey, plies: usize) -> [u8; 32] {
        let info = self.rules.info();
        let decisions: Vec<(u32, u32, u8)> =
            self.record[..plies.min(self.record.len())].iter().map(|e| (e.index, e.option_count, e.seat)).collect();
        let tip = match &self.chance {
            Some(ChanceSource::Committed(c)) => c.tip(seat as usize),
            _ => None,
        };
        let seal = self.seals.get(seat as usize).and_then(|s| s.commitment);
        authorship::statement(&Statement {
            // The id as a link carries it (40 bits), whatever the caller passed.
            game_id: game_id & super::GAME_ID_MASK,
            variant: info.id,
            revision: info.revision,
            settings: &self.settings,
            setup: self.setup.as_deref(),
            seat,
            key,
            chance_tip: tip.as_ref().map(|t| &t[..]),
            seal: seal.as_ref().map(|s| &s[..]),
            decisions: &decisions,
        })
    }

    /// The signature a link carries for `seat`: its latest, when it covers the seat's last decision and
    /// the seat is not the one the link leaves out.
    pub(crate) fn signature_for_link(&self, seat: Seat) -> Option<[u8; SIGNATURE_BYTES]> {
        if self.unsigned_seat() == Some(seat) {
            return None;
        }
        let signed = self.authors.get(seat as usize)?.signed?;
        (Some(signed.plies) == self.signed_plies(seat)).then_some(signed.signature)
    }

    /// Checks a signed game as a link brought it (`signatures` by seat): every seat that decided, but
    /// the one left out, signed its decisions with its published key, and nothing else is signed.
    pub(crate) fn verify_authors(&mut self, game_id: u64, signatures: &[Option<[u8; SIGNATURE_BYTES]>]) -> Result<()> {
        let names = self.seat_names();
        let skip = self.unsigned_seat();
        for (seat, signature) in signatures.iter().enumerate() {
            let seat_ = seat as Seat;
            let name = names.get(seat).copied().unwrap_or("A player");
            let plies = self.signed_plies(seat_);
            let key = self.authors.get(seat).and_then(|a| a.key);
            let needed = plies.is_some() && skip != Some(seat_);
            let (signature, key, plies) = match (signature, key, plies) {
                (Some(_), _, _) if !needed => {
                    return Err(damaged("a signature no decision needs"));
                }
                (None, _, _) if !needed => continue,
                (Some(s), Some(k), Some(p)) => (s, k, p),
                (Some(_), None, _) => return Err(damaged("a signature without its key")),
                _ => return Err(unsigned(name, self.ply_label(plies.unwrap_or(0)))),
            };
            if !authorship::verifies(&key, &self.statement(game_id, seat_, &key, plies), signature) {
                return Err(Error::bilingual(
                    ErrorCode::LinkBadSignature,
                    format!("{name}'s signature in this game link does not match {name}'s decisions: someone changed or added decisions in {name}'s name. It was not taken."),
                    format!("La signature des {} dans ce lien ne correspond pas à leurs décisions : quelqu'un a changé ou ajouté des décisions en leur nom. Il n'a pas été accepté.", crate::lang::Language::Fr.seat_label(name)),
                ));
            }
            self.authors[seat].signed = Some(Signed { plies, signature: *signature });
        }
        Ok(())
    }
}

fn damaged(what: &str) -> Error {
    Error::bilingual(
        ErrorCode::LinkCorrupted,
        format!("This game link is damaged ({what}): it was changed or mistyped."),
        format!("Ce lien de partie est endommagé ({what}) : il a été modifié ou mal recopié."),
    )
}

fn unsigned(name: &str, last: String) -> Error {
    Error::bilingual(
        ErrorCode::LinkUnsigned,
        format!("{name}'s decisions in this game link (up to {last}) carry no proof that {name} made them, so it was not taken. A link made by an earlier version of Chessfront cannot be continued: start a new game."),
        format!("Les décisions des {} dans ce lien (jusqu'à {last}) ne prouvent pas qu'ils les ont prises : il n'a pas été accepté. Un lien créé par une version antérieure de Chessfront ne peut pas être continué : commencez une nouvelle partie.", crate::lang::Language::Fr.seat_label(name)),
    )
}
