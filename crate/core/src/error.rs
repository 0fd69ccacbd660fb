//! Typed errors with stable codes.
//!
//! Every failure that can come from outside (a link, a position text, a move name, an index sent by
//! the page) is an [`Error`]: a stable machine code that the page and tests switch on, and a message
//! written for a player. Codes never change meaning once published; new failures get new codes.

use crate::lang::Language;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorCode {
    /// No variant has that slug or id.
    UnknownVariant,
    /// A position text could not be read or describes an impossible position.
    BadPosition,
    /// A game setting is unknown or has a bad value (also a seat the game does not have).
    BadSetting,
    /// An action index or move name does not name a legal action now.
    IllegalAction,
    /// The game is over; no more actions.
    GameOver,
    /// Undo at the start of the game.
    NothingToUndo,
    /// A ply number outside the record.
    NoSuchPly,
    /// The link is not a Chessfront link at all (bad characters, empty, not decodable).
    LinkMalformed,
    /// The link ends too early: probably cut off when it was copied.
    LinkTruncated,
    /// The link's checksum does not match: it was altered or mistyped.
    LinkCorrupted,
    /// The link was made by a newer version of Chessfront.
    LinkNewerVersion,
    /// The link names a variant this page does not know.
    LinkUnknownVariant,
    /// The link was made under another revision of the variant's rules.
    LinkRulesRevision,
    /// The link's record holds a move that is not legal when replayed.
    LinkIllegalMove,
    /// A secret revealed for chance (or kept by this browser) does not match its commitment.
    LinkBadReveal,
    /// The link draws chance the way an earlier version did (96-bit chains bound to no game).
    LinkOldChance,
    /// The link has the id of a stored game but another variant, rules revision, settings or start.
    LinkOtherGame,
    /// The link's chance is not commit and reveal (a link game's only mode), or not the stored game's.
    LinkChanceMode,
    /// The link changes or drops a commitment or reveal for chance that the stored game has seen.
    LinkCommitmentChanged,
    /// The link changes or drops a sealed setup's commitment or salt that the stored game has seen.
    LinkSealChanged,
    /// The link rewrites moves already played in the stored game.
    LinkRewrite,
    /// The link is an older copy of the stored game (fewer moves); the stored game is kept.
    LinkOlderCopy,
    /// A game transfer code is damaged or not a transfer code.
    BadTransferCode,
    /// The browser's storage is full: the game was not saved (its link still holds it).
    StorageFull,
    /// The browser does not let the page store anything.
    StorageUnavailable,
    /// There is no game open (or no stored game with that id).
    NoGame,
    /// An incoming link holds decisions in this browser's name (moves, a resignation, a draw accepted).
    LinkForgedMove,
    /// An incoming link commits this browser's seat to a secret this browser never made.
    LinkForeignCommitment,
    /// The stored copy of a game cannot be opened any more, so no link may replace it unseen.
    StoredGameUnreadable,
    /// A link's decisions by a seat carry no signature of that seat (or the seat has no key).
    LinkUnsigned,
    /// A seat's signature in a link does not verify: decisions were changed or made in its name.
    LinkBadSignature,
    /// A link changes or drops a seat's key that the stored game has seen.
    LinkKeyChanged,
    /// A link is longer than any game needs.
    LinkTooLong,
    /// A link holds more decisions than any game needs (replaying it would take too long).
    LinkTooManyDecisions,
    /// A link decodes to a game whose link is spelled otherwise: it was re-encoded by another tool.
    LinkRespelled,
    /// The browser keeps the most games it keeps, each played in: a new game was not saved.
    TooManyGames,
    /// The turn under way can no longer end legally (options are offered but none leads to a legal
    /// end): its decisions must be taken back. The game is not over.
    DeadEnd,
    /// An invitation, an answer or a live message that cannot be read (bad characters, fields, numbers).
    LiveMalformed,
    /// An invitation or answer that ends too early: probably cut off when it was copied.
    LiveTruncated,
    /// An invitation or answer whose checksum does not match: it was altered or mistyped.
    LiveCorrupted,
    /// An invitation or answer made by a newer version of Chessfront.
    LiveNewerVersion,
    /// The connection description the browser made lacks what a data channel needs.
    LiveSdpUnusable,
    /// An answer or live message for another game (or seat) than the one open.
    LiveOtherGame,
    /// A live command where no live game (or no invitation) is open.
    LiveNotLive,
    /// A signed live message whose signature is not its seat's: forged or altered.
    LiveBadSignature,
    /// A signed live message for another state of the game: replayed, or answering nothing pending.
    LiveStale,
    /// A flag claim this browser's own clock does not support.
    LiveFlagRefused,
    /// A move in a game that ended on time.
    LiveOverOnTime,
    /// A takeback that cannot be made: nothing to take back, or past a chance event or a setup.
    LiveTakebackRefused,
    /// A computer's command (its turn, a hint, a review, the analysis) asked of an engine module built
    /// without the computer: the page's own modules, whose computer plays in its worker's module.
    ComputerAbsent,
}

impl ErrorCode {
    /// The stable code string exposed to JavaScript and printed by the CLI.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownVariant => "unknown-variant",
            ErrorCode::BadPosition => "bad-position",
            // Published before settings had their name: the code stays (codes never change).
            ErrorCode::BadSetting => "bad-option",
            ErrorCode::IllegalAction => "illegal-action",
            ErrorCode::GameOver => "game-over",
            ErrorCode::NothingToUndo => "nothing-to-undo",
            ErrorCode::NoSuchPly => "no-such-ply",
            ErrorCode::LinkMalformed => "link-malformed",
            ErrorCode::LinkTruncated => "link-truncated",
            ErrorCode::LinkCorrupted => "link-corrupted",
            ErrorCode::LinkNewerVersion => "link-newer-version",
            ErrorCode::LinkUnknownVariant => "link-unknown-variant",
            ErrorCode::LinkRulesRevision => "link-rules-revision",
            ErrorCode::LinkIllegalMove => "link-illegal-move",
            ErrorCode::LinkBadReveal => "link-bad-reveal",
            ErrorCode::LinkOldChance => "link-old-chance",
            ErrorCode::LinkOtherGame => "link-other-game",
            ErrorCode::LinkChanceMode => "link-chance-mode",
            ErrorCode::LinkCommitmentChanged => "link-commitment-changed",
            ErrorCode::LinkSealChanged => "link-seal-changed",
            ErrorCode::LinkRewrite => "link-rewrite",
            ErrorCode::LinkOlderCopy => "link-older-copy",
            ErrorCode::BadTransferCode => "bad-transfer-code",
            ErrorCode::StorageFull => "storage-full",
            ErrorCode::StorageUnavailable => "storage-unavailable",
            ErrorCode::NoGame => "no-game",
            ErrorCode::LinkForgedMove => "link-forged-move",
            ErrorCode::LinkForeignCommitment => "link-foreign-commitment",
            ErrorCode::StoredGameUnreadable => "stored-game-unreadable",
            ErrorCode::LinkUnsigned => "link-unsigned",
            ErrorCode::LinkBadSignature => "link-bad-signature",
            ErrorCode::LinkKeyChanged => "link-key-changed",
            ErrorCode::LinkTooLong => "link-too-long",
            ErrorCode::LinkTooManyDecisions => "link-too-many-decisions",
            ErrorCode::LinkRespelled => "link-respelled",
            ErrorCode::TooManyGames => "too-many-games",
            ErrorCode::DeadEnd => "dead-end",
            ErrorCode::LiveMalformed => "live-malformed",
            ErrorCode::LiveTruncated => "live-truncated",
            ErrorCode::LiveCorrupted => "live-corrupted",
            ErrorCode::LiveNewerVersion => "live-newer-version",
            ErrorCode::LiveSdpUnusable => "live-sdp-unusable",
            ErrorCode::LiveOtherGame => "live-other-game",
            ErrorCode::LiveNotLive => "live-not-live",
            ErrorCode::LiveBadSignature => "live-bad-signature",
            ErrorCode::LiveStale => "live-stale",
            ErrorCode::LiveFlagRefused => "live-flag-refused",
            ErrorCode::LiveOverOnTime => "live-over-on-time",
            ErrorCode::LiveTakebackRefused => "live-takeback-refused",
            ErrorCode::ComputerAbsent => "computer-absent",
        }
    }
}

impl ErrorCode {
    /// The French message of the code, for an error that has no sentence of its own in French.
    pub const fn french(self) -> &'static str {
        match self {
            ErrorCode::UnknownVariant => "Cette variante est inconnue.",
            ErrorCode::BadPosition => "Cette position est illisible ou impossible.",
            ErrorCode::BadSetting => "Un réglage de la partie est inconnu ou a une valeur invalide.",
            ErrorCode::IllegalAction => "Ce n'est pas possible maintenant : ce coup n'est pas légal ici.",
            ErrorCode::GameOver => "La partie est terminée.",
            ErrorCode::NothingToUndo => "Il n'y a rien à reprendre.",
            ErrorCode::NoSuchPly => "La partie n'a pas ce demi-coup.",
            ErrorCode::LinkMalformed => "Ce n'est pas un lien de partie.",
            ErrorCode::LinkTruncated => "Ce lien de partie est coupé : copiez le lien en entier et réessayez.",
            ErrorCode::LinkCorrupted => "Ce lien de partie est endommagé : il a été modifié ou mal recopié.",
            ErrorCode::LinkNewerVersion => {
                "Ce lien vient d'une version plus récente de Chessfront : rechargez la page pour la mettre à jour."
            }
            ErrorCode::LinkUnknownVariant => "Ce lien désigne une variante que cette page ne connaît pas.",
            ErrorCode::LinkRulesRevision => "Ce lien a été créé sous une autre version des règles de cette variante.",
            ErrorCode::LinkIllegalMove => "Ce lien contient un coup qui n'est pas légal.",
            ErrorCode::LinkBadReveal => "Un secret révélé pour le hasard ne correspond pas à son engagement.",
            ErrorCode::LinkOldChance => {
                "Ce lien tire les fortunes de la guerre comme une ancienne version de Chessfront, qui n'est plus sûre : la partie ne peut pas continuer. Commencez une nouvelle partie."
            }
            ErrorCode::LinkOtherGame => {
                "Ce lien porte le numéro d'une partie enregistrée, mais pas sa variante, ses réglages ou son départ : la partie enregistrée est conservée."
            }
            ErrorCode::LinkChanceMode => "Le hasard de ce lien n'est pas tiré par engagement et révélation : il est refusé.",
            ErrorCode::LinkCommitmentChanged => {
                "Ce lien change un engagement du hasard que la partie enregistrée a déjà vu : il est refusé."
            }
            ErrorCode::LinkSealChanged => {
                "Ce lien change une mise en place scellée que la partie enregistrée a déjà vue : il est refusé."
            }
            ErrorCode::LinkRewrite => "Ce lien réécrit des coups déjà joués dans la partie enregistrée : il est refusé.",
            ErrorCode::LinkOlderCopy => {
                "Ce lien est une copie plus ancienne de la partie : la partie enregistrée, plus avancée, est conservée."
            }
            ErrorCode::BadTransferCode => "Ce code de transfert est endommagé, ou ce n'est pas un code de transfert.",
            ErrorCode::StorageFull => {
                "Le stockage du navigateur est plein : la partie n'a pas été enregistrée (son lien la contient toujours)."
            }
            ErrorCode::StorageUnavailable => "Ce navigateur ne permet pas à la page d'enregistrer quoi que ce soit.",
            ErrorCode::NoGame => "Aucune partie n'est ouverte.",
            ErrorCode::LinkForgedMove => {
                "Ce lien contient des décisions au nom de ce navigateur, qui ne les a pas prises : il est refusé."
            }
            ErrorCode::LinkForeignCommitment => {
                "Ce lien engage la place de ce navigateur sur un secret qu'il n'a jamais créé : il est refusé."
            }
            ErrorCode::StoredGameUnreadable => {
                "La copie enregistrée de cette partie ne peut plus être ouverte : aucun lien ne la remplacera sans que vous le voyiez."
            }
            ErrorCode::LinkUnsigned => {
                "Des décisions de ce lien ne prouvent pas qui les a prises : il est refusé."
            }
            ErrorCode::LinkBadSignature => {
                "Une signature de ce lien ne correspond pas aux décisions de son joueur : il est refusé."
            }
            ErrorCode::LinkKeyChanged => {
                "Ce lien change la clé d'un joueur que la partie enregistrée a déjà vue : il est refusé."
            }
            ErrorCode::LinkTooLong => "Ce lien est plus long qu'aucune partie ne peut l'être : il est refusé.",
            ErrorCode::LinkTooManyDecisions => {
                "Ce lien contient plus de décisions qu'aucune partie ne peut en avoir : il est refusé."
            }
            ErrorCode::LinkRespelled => {
                "Ce lien n'est pas écrit comme Chessfront écrit ses liens : il a été réécrit par un autre outil, il est refusé."
            }
            ErrorCode::TooManyGames => {
                "Ce navigateur garde déjà autant de parties qu'il peut : cette nouvelle partie n'a pas été enregistrée (son lien la contient toujours)."
            }
            ErrorCode::DeadEnd => {
                "Ce tour ne peut plus finir légalement d'ici : reprenez des coups avec Annuler."
            }
            ErrorCode::LiveMalformed => "Ce n'est pas une invitation, une réponse ni un message de partie en direct lisible.",
            ErrorCode::LiveTruncated => "Cette invitation ou cette réponse est coupée : copiez-la en entier et réessayez.",
            ErrorCode::LiveCorrupted => {
                "Cette invitation ou cette réponse est endommagée : elle a été modifiée ou mal recopiée."
            }
            ErrorCode::LiveNewerVersion => {
                "Cette invitation ou cette réponse vient d'une version plus récente de Chessfront : rechargez la page pour la mettre à jour."
            }
            ErrorCode::LiveSdpUnusable => {
                "Ce navigateur n'a pas donné de quoi ouvrir une connexion directe (aucune adresse utilisable) : vérifiez le réseau et réessayez."
            }
            ErrorCode::LiveOtherGame => "Ceci concerne une autre partie que celle qui est ouverte.",
            ErrorCode::LiveNotLive => "Aucune partie en direct n'est ouverte pour cela.",
            ErrorCode::LiveBadSignature => {
                "La signature de ce message ne correspond pas à la clé de son joueur : il a été falsifié, il est refusé."
            }
            ErrorCode::LiveStale => {
                "Ce message ne correspond plus à la partie : il est rejoué ou il ne répond à aucune demande, il est refusé."
            }
            ErrorCode::LiveFlagRefused => {
                "Selon la pendule de ce navigateur, le temps de ce joueur n'est pas écoulé : la réclamation est refusée."
            }
            ErrorCode::LiveOverOnTime => "Cette partie est terminée au temps : aucun coup n'y est plus accepté.",
            ErrorCode::LiveTakebackRefused => {
                "Rien ne peut être repris ici (pas de coup à vous, ou un tirage du hasard ou une mise en place serait repris)."
            }
            ErrorCode::ComputerAbsent => "Ce module du moteur n'a pas l'ordinateur : rechargez la page.",
        }
    }
}

/// An error: its stable code, its message in English and, where the place that made it wrote one, its
/// own French sentence (with the detail the English carries); otherwise French says the code's message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
    pub french: Option<String>,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error { code, message: message.into(), french: None }
    }

    /// An error with its own French sentence (which keeps the English one's detail).
    pub fn bilingual(code: ErrorCode, english: impl Into<String>, french: impl Into<String>) -> Error {
        Error { code, message: english.into(), french: Some(crate::lang::typo(french.into())) }
    }

    /// The message in `language`.
    pub fn text(&self, language: Language) -> String {
        match language {
            Language::En => self.message.clone(),
            Language::Fr => self.french.clone().unwrap_or_else(|| crate::lang::typo(self.code.french().to_string())),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
