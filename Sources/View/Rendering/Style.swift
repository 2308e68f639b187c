/// ANSI styles, applied only when colour is on.
struct Style: Sendable {
    let colors: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func badge(_ text: String) -> String { wrap(text, "1;30;43") }

    private func wrap(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
