//! Links written and read back, damaged, forged and past their limits.

use super::*;

fn sample_game() -> Game {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "offer-draw", "Ba4", "Nf6", "O-O"] {
        let d = g.find(m).expect("legal");
        g.play(d).expect("legal");
    }
    g
}

#[test]
fn round_trip_keeps_moves_setup_and_id() {
    let g = sample_game();
    let link = encode(&g, 0xAB_CDEF_0123);
    let back = decode(&format!("https://example.org/#{link}")).expect("own link decodes");
    assert_eq!(back.game_id, 0xAB_CDEF_0123);
    assert_eq!(back.game.position().to_text(), g.position().to_text());
    assert_eq!(back.game.record().len(), g.record().len());

    let mut custom = Game::from_slug("chess", Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).expect("valid");
    custom.play_index(0).expect("a move");
    let back = decode(&encode(&custom, 7)).expect("decodes");
    assert_eq!(back.game.setup(), custom.setup());
    assert_eq!(back.game.position().to_text(), custom.position().to_text());
}

#[test]
fn each_kind_of_damage_has_its_code() {
    let link = encode(&sample_game(), 42);
    let code = |text: &str| decode(text).err().map(|e| e.code);
    assert_eq!(code(""), Some(ErrorCode::LinkMalformed));
    assert_eq!(code("#"), Some(ErrorCode::LinkMalformed));
    assert_eq!(code("not a link!"), Some(ErrorCode::LinkMalformed));
    assert_eq!(code(&link[..link.len() - 3]), Some(ErrorCode::LinkTruncated));
    assert_eq!(code(&link[..5]), Some(ErrorCode::LinkTruncated));
    // Change one character in the middle.
    let mut tampered: Vec<char> = link.chars().collect();
    let mid = tampered.len() / 2;
    tampered[mid] = if tampered[mid] == 'A' { 'B' } else { 'A' };
    assert_eq!(code(&tampered.into_iter().collect::<String>()), Some(ErrorCode::LinkCorrupted));
    assert_eq!(code(&format!("{link}AAAA")), Some(ErrorCode::LinkCorrupted));
}

fn relabel(link: &str, edit: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut bytes = base64url::decode(link, Spelling::Exact).expect("own link");
    bytes.truncate(bytes.len() - 4);
    edit(&mut bytes);
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    base64url::encode(&bytes)
}

#[test]
fn version_variant_revision_and_illegal_moves() {
    let link = encode(&sample_game(), 42);
    let code = |text: String| decode(&text).err().map(|e| e.code);
    assert_eq!(code(relabel(&link, |b| b[0] = SIGNED_VERSION + 1)), Some(ErrorCode::LinkNewerVersion));
    assert_eq!(
        code(relabel(&link, |b| b[0] = SIGNED_VERSION)),
        Some(ErrorCode::LinkCorrupted),
        "signed without signatures"
    );
    assert_eq!(code(relabel(&link, |b| b[2] = 200)), Some(ErrorCode::LinkUnknownVariant));
    assert_eq!(code(relabel(&link, |b| b[3] = 0)), Some(ErrorCode::LinkRulesRevision));
    assert_eq!(code(relabel(&link, |b| b[3] = 9)), Some(ErrorCode::LinkNewerVersion));
    // First move index 31 of 23 options (20 moves + offer + resign = 22): all ones in 5 bits.
    let first_move_byte = 2 + 3 + GAME_ID_BYTES + 1;
    assert_eq!(code(relabel(&link, |b| b[first_move_byte] |= 0x1f)), Some(ErrorCode::LinkIllegalMove));
}

#[test]
fn decision_widths_at_powers_of_two() {
    for (count, bits) in [(0, 0), (1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (31, 5), (32, 5), (33, 6), (256, 8), (257, 9)]
    {
        assert_eq!(bits_for(count), bits, "{count} options");
    }
    // Every index of a count round-trips through its width, the largest included.
    for count in [2u32, 3, 4, 7, 8, 9, 255, 256, 257] {
        let mut w = BitWriter::default();
        for i in [0, count / 2, count - 1] {
            w.write(i, bits_for(count));
        }
        let bytes = w.finish();
        let mut r = BitReader { bytes: &bytes, pos: 0 };
        for i in [0, count / 2, count - 1] {
            assert_eq!(r.read(bits_for(count)), Some(i), "{count} options");
        }
        assert!(r.only_padding_left());
    }
}

#[test]
fn a_link_has_one_spelling() {
    let link = encode(&sample_game(), 42);
    let code = |text: String| decode(&text).err().map(|e| e.code);
    // Trailing bytes under a valid checksum, set padding bits, a non-minimal varint.
    assert_eq!(code(relabel(&link, |b| b.push(0))), Some(ErrorCode::LinkCorrupted), "bytes past the length");
    let grown = relabel(&link, |b| {
        b.push(0);
        b[1] += 1;
    });
    assert_eq!(code(grown), Some(ErrorCode::LinkCorrupted), "extra moves byte");
    let padded = relabel(&link, |b| {
        let last = b.len() - 1;
        b[last] |= 0x80;
    });
    assert_eq!(code(padded), Some(ErrorCode::LinkCorrupted), "padding bits set");
    let long_length = relabel(&link, |b| {
        b[1] |= 0x80;
        b.insert(2, 0);
    });
    assert_eq!(code(long_length), Some(ErrorCode::LinkTruncated), "a varint in a longer form than needed");
    let mut r = ByteReader { bytes: &[0x80, 0x00], pos: 0 };
    assert_eq!(r.varint(), None);
    let mut r = ByteReader { bytes: &[0x00], pos: 0 };
    assert_eq!(r.varint(), Some(0));
    let mut r = ByteReader { bytes: &[0xff; 10], pos: 0 };
    assert_eq!(r.varint(), None, "longer than 64 bits");
    // A chance section for a game without chance, or none for a game with it.
    let with_chance = relabel(&link, |b| {
        b[4] |= FLAG_CHANCE;
        let at = 2 + 3 + GAME_ID_BYTES;
        b.splice(at..at, [CHANCE_SEEDED].into_iter().chain([0; SEED_BYTES]));
        b[1] += 1 + SEED_BYTES as u8;
    });
    assert_eq!(code(with_chance), Some(ErrorCode::LinkCorrupted));
    let fortunes = Game::from_slug("chess2024", None).expect("chess2024");
    let without = relabel(&encode(&fortunes, 5), |b| {
        b[4] &= !FLAG_CHANCE;
        let at = 2 + 3 + 1 + GAME_ID_BYTES;
        b.drain(at..at + 1 + SEED_BYTES);
        b[1] -= 1 + SEED_BYTES as u8;
    });
    assert_eq!(code(without), Some(ErrorCode::LinkCorrupted));
}

#[test]
fn hundred_ply_link_is_short() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    let mut seed = 12345u64;
    while g.record().len() < 100 && g.outcome().is_none() {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut actions = Vec::new();
        g.position().actions(&mut actions);
        let a = actions[(seed >> 33) as usize % actions.len()];
        g.play(crate::game::Decision::Act(a)).expect("listed");
    }
    let link = encode(&g, GAME_ID_MASK);
    assert!(link.len() < 200, "{} characters for {} plies", link.len(), g.record().len());
}
