import Foundation

/// The form in which ingredient names and title words are compared, so that what people type finds
/// what cooks wrote: `Jalapeno` finds `jalapeños`, `egg` finds `eggs`, `leaf` finds `bay leaves`.
///
/// Every run of letters in a word is lower-cased, stripped of accents and folded to a key:
/// 1. A few spellings are replaced first: irregular plurals (`leaves` → `leaf`, `loaves`, `halves`,
///    `knives`, `feet`, `geese`, `mice`, ...) and variant spellings (`chilli`/`chile` → `chili`,
///    `yoghurt` → `yogurt`).
/// 2. `-ies` becomes `-i` (`berries` → `berri`, `chilies` → `chili`) in words of five letters or more.
/// 3. Otherwise a final `s` goes (`eggs` → `egg`, `tomatoes` → `tomatoe`), except after `s` or `u`
///    (`glass`, `asparagus`, `hummus` stay), in words of four letters or more.
/// 4. Then a final `e` goes in words of four letters or more (`tomatoe` → `tomato`, `cheese` →
///    `chees`, `peaches` → `peache` → `peach`, `cookie` → `cooki`), so that `-es` plurals and
///    words ending in `e` meet whichever way the plural was made.
/// 5. A final `y` after a consonant becomes `i` (`berry` → `berri`, matching `berries`; `fry`, `fries`).
///
/// Keys are not words, only meeting points: both sides of every comparison are folded the same way.
/// What it cannot know: a word whose singular and plural differ in other ways (`octopi`), and two
/// different words that fold alike (`pies` and `pie` meet, as they should; `rice` and `ric` would).
package enum SearchFolding {
    /// The key of a whole ingredient name (already normalized by `FoldedIngredient`): each word folded.
    package static func ingredientKey(_ name: String) -> String {
        fold(name).key
    }

    /// A title word (already split and case-folded by `TitleWords`) as a search term: its key, and
    /// whether folding changed it. A query word that folding changed was typed whole (`omelets`,
    /// `creme`), so it must match a whole title word; an unchanged one may be the start of one (`omel`).
    package static func term(_ word: String) -> (key: String, isWhole: Bool) {
        let folded = fold(word)
        return (folded.key, folded.changed)
    }

    /// The key of every letter run in `text`, other characters kept as they are; `changed` says
    /// whether a plural or spelling rule changed a word (lower-casing and accents do not count).
    package static func fold(_ text: String) -> (key: String, changed: Bool) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return fold(bytes: text.utf8, original: text)
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return fold(bytes: folded.utf8, original: nil)
    }

    /// One pass over the bytes, each letter run folded in place at its end.
    private static func fold(bytes: String.UTF8View, original: String?) -> (key: String, changed: Bool) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var lowered = false
        var runStart = -1
        for byte in bytes {
            if isLetter(byte) {
                if runStart < 0 { runStart = output.count }
                if byte != byte | 0x20 { lowered = true }
                output.append(byte | 0x20)
            } else {
                if runStart >= 0 { changed = foldWord(&output, from: runStart) || changed }
                runStart = -1
                output.append(byte)
            }
        }
        if runStart >= 0 { changed = foldWord(&output, from: runStart) || changed }
        if !changed, !lowered, let original { return (original, false) }
        return (String(decoding: output, as: UTF8.self), changed)
    }

    /// Steps 1 to 5 on one lower-case ASCII word.
    package static func foldWord(_ original: [UInt8]) -> [UInt8] {
        var word = original
        _ = foldWord(&word, from: 0)
        return word
    }

    /// Steps 1 to 5 on the lower-case ASCII word at the end of `bytes`, from `start`; whether it changed.
    private static func foldWord(_ bytes: inout [UInt8], from start: Int) -> Bool {
        var changed = false
        if let replacement = spelling(bytes[start...]) {
            bytes.replaceSubrange(start..., with: replacement)
            changed = true
        }
        var count = bytes.count - start
        if count >= 5, bytes[bytes.count - 3] == UInt8(ascii: "i"), bytes[bytes.count - 2] == UInt8(ascii: "e"),
           bytes[bytes.count - 1] == UInt8(ascii: "s") {
            bytes.removeLast(2)  // berries → berri
            return true
        }
        if count >= 4, bytes[bytes.count - 1] == UInt8(ascii: "s"), bytes[bytes.count - 2] != UInt8(ascii: "s"),
           bytes[bytes.count - 2] != UInt8(ascii: "u") {
            bytes.removeLast()
            count -= 1
            changed = true
        }
        if count >= 4, bytes[bytes.count - 1] == UInt8(ascii: "e") {
            bytes.removeLast()
            count -= 1
            changed = true
        }
        if count >= 3, bytes[bytes.count - 1] == UInt8(ascii: "y"), !isVowel(bytes[bytes.count - 2]) {
            bytes[bytes.count - 1] = UInt8(ascii: "i")
            changed = true
        }
        return changed
    }

    /// Step 1's replacement for a word, if it has one (every listed word fits in 8 bytes, so a word is
    /// compared as one integer).
    private static func spelling(_ word: ArraySlice<UInt8>) -> [UInt8]? {
        guard word.count <= 8 else { return nil }
        let packed = pack(word)
        for entry in spellings where entry.packed == packed { return entry.replacement }
        return nil
    }

    private static func pack<Bytes: Collection<UInt8>>(_ word: Bytes) -> UInt64 {
        word.reduce(UInt64(word.count)) { $0 << 8 | UInt64($1) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"): return true
        default: return false
        }
    }

    /// Step 1: irregular plurals to their singulars, variant spellings to one spelling.
    private static let spellings: [(packed: UInt64, replacement: [UInt8])] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "calves": "calf", "knives": "knife",
        "shelves": "shelf", "wolves": "wolf", "scarves": "scarf", "thieves": "thief", "wives": "wife",
        "feet": "foot", "teeth": "tooth", "geese": "goose", "mice": "mouse", "oxen": "ox",
        "men": "man", "women": "woman", "children": "child",
        "chilli": "chili", "chillis": "chili", "chillies": "chili", "chile": "chili", "chiles": "chili",
        "chilis": "chili", "yoghurt": "yogurt", "yoghurts": "yogurt",
    ].map { (pack(Array($0.key.utf8)), Array($0.value.utf8)) }
}
