import Testing
@testable import TextSafety

/// `CleanText.line` and `safe` give printable ASCII that cleaning would leave alone back as it is, without
/// reading it character by character; every other text is cleaned as before.
@Suite struct CleaningPlainASCII {
    @Test(arguments: ["Shakshuka", "Mac and Cheese", "http://puppy.localhost/recipes/crepes", "a", "5 > 3", "x;y#z", "~!@$%^*()_+"])
    func plainASCIIIsGivenBackWithoutBeingRead(text: String) {
        #expect(CleanText.isCleanASCII(text, limit: 10_000, withMarkup: false))
        #expect(CleanText.line(text) == text)
        #expect(CleanText.safe(text) == text)
    }

    @Test(arguments: ["", " a", "a ", "a  b", "a\tb", "Mac &amp; Cheese", "a <b>c</b>", "Café", "a\u{1B}[2Jb", "a\u{7F}b"])
    func otherTextIsRead(text: String) {
        #expect(!CleanText.isCleanASCII(text, limit: 10_000, withMarkup: false))
    }

    @Test func markupIsPlainOnlyForTextThatKeepsIt() {
        #expect(CleanText.isCleanASCII("a &amp; <b>", limit: 100, withMarkup: true))
        #expect(!CleanText.isCleanASCII("a &amp; <b>", limit: 100, withMarkup: false))
        #expect(!CleanText.isCleanASCII("abcdef", limit: 5, withMarkup: true))
        #expect(CleanText.isCleanASCII("abcde", limit: 5, withMarkup: true))
    }

    /// Every text of up to four characters from a small alphabet, at three limits: the shortcut and the
    /// character-by-character reading agree.
    @Test func theShortcutAgreesWithReadingEveryCharacter() {
        let alphabet = ["a", " ", "&", "<", ">", ";", "#", "b", "\t", "é", "\u{1B}", "/"]
        var texts = [""]
        for _ in 0..<4 {
            texts += texts.filter { $0.count == texts.last?.count }.flatMap { text in alphabet.map { text + $0 } }
        }
        #expect(texts.count == 1 + 12 + 144 + 1_728 + 20_736)
        var plain = 0
        for text in texts {
            for limit in [2, 3, 10_000] {
                #expect(CleanText.line(text, maxLength: limit) == CleanText.cleanedLine(text, limit: limit), "\(text.debugDescription)")
                #expect(CleanText.safe(text, maxLength: limit) == CleanText.cleanedSafe(text, limit: limit), "\(text.debugDescription)")
                if CleanText.isCleanASCII(text, limit: limit, withMarkup: true) { plain += 1 }
            }
        }
        #expect(plain > 1_000)
    }
}
