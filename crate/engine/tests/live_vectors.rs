//! Frozen vectors of live play's formats (`tests/links/live_vectors.txt`): invitations (`live=`),
//! answers (`answer=`) and the messages of the channel. Valid ones must keep reading as recorded and
//! writing back the same text; each kind of damage must keep its error code. A line is `name <TAB>
//! expectation <TAB> text`: `ok:invitation <control|-> <inviter> <seat>`, `ok:answer <game id> <seat>`,
//! `ok:message <kind>`, or `error:<code>`. Which format a text is in goes by its start.

use engine::live::envelope::Message;
use engine::live::handshake::{Answer, Invitation};
use engine::{link, Error};

fn path() -> String {
    format!("{}/../../tests/links/live_vectors.txt", env!("CARGO_MANIFEST_DIR"))
}

/// The text as read, summed up as the expectation says it, or its error.
fn read(text: &str) -> Result<String, Error> {
    let fragment = link::fragment_of(text);
    if fragment.starts_with("live=") {
        let i = Invitation::decode(text)?;
        assert_eq!(i.encode(), fragment, "an invitation writes back as read");
        let control = i.control.map_or("-".to_string(), |c| c.name());
        Ok(format!("invitation {control} {} {}", i.inviter, i.seat))
    } else if fragment.starts_with("answer=") {
        let a = Answer::decode(text)?;
        assert_eq!(a.encode(), fragment, "an answer writes back as read");
        Ok(format!("answer {:010x} {}", a.game_id, a.seat))
    } else {
        let m = Message::parse(text)?;
        assert_eq!(m.write(), text, "a message writes back as read");
        Ok(format!("message {}", m.kind()))
    }
}

#[test]
fn live_vectors_read_as_recorded() {
    let text = std::fs::read_to_string(path()).expect("vectors file");
    let mut count = (0, 0);
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let mut parts = line.split('\t');
        let (name, expect, text) =
            (parts.next().expect("name"), parts.next().expect("expectation"), parts.next().unwrap_or(""));
        match expect.strip_prefix("ok:") {
            Some(summary) => {
                assert_eq!(read(text).unwrap_or_else(|e| panic!("{name}: {e}")), summary, "{name}");
                count.0 += 1;
            }
            None => {
                let code = expect.strip_prefix("error:").expect("ok: or error:");
                assert_eq!(read(text).err().map(|e| e.code.as_str()), Some(code), "{name}");
                count.1 += 1;
            }
        }
    }
    assert!(count.0 >= 12 && count.1 >= 18, "{count:?} valid and malformed vectors");
}

/// An invitation's game link is a link like any other: the session judges it by the same rules.
#[test]
fn an_invitations_game_is_its_link() {
    let text = std::fs::read_to_string(path()).expect("vectors file");
    let line = text.lines().find(|l| l.starts_with("invitation_5_3\t")).expect("a vector");
    let invitation = Invitation::decode(line.rsplit('\t').next().expect("text")).expect("valid");
    assert_eq!(invitation.link, "AQwBAQAjAe_NqwQOvQiUm9Z-", "the fools_mate vector of vectors.txt");
    assert!(link::decode(&invitation.link).is_ok());
}
