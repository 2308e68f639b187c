// libFuzzer harness for the REPL's command parser. .ci/fuzz compiles it with
// Sources/View/Commands/*.swift into one module, over the Presenter's Command and InputError built as a
// module of its own (with the Entity's ingredient-line reader, which reads the numbers of x and serves).
// (What is printed is cleaned by TextSafety's TerminalText: the TextCleaning harness.)
//
// Input: a line as typed (or pasted) at the prompt. It must parse to a command or an InputError, the
// same way twice, within the documented shapes.

import Presenter

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("CommandParser invariant: \(message())") }
}

private func isTrimmed(_ text: String) -> Bool {
    text.first?.isWhitespace != true && text.last?.isWhitespace != true
}

/// One name of a comma-separated list, as the parser splits it: on commas as characters (a comma a
/// prepended mark joins into one character, `۝,`, is part of that character, not a separator).
private func isOneName(_ name: String) -> Bool {
    !name.isEmpty && isTrimmed(name) && !name.contains(where: { $0 == "," })
}

private func checkCommand(_ command: Command, line: String) {
    switch command {
    case .show(let number), .open(let number, .recipe), .open(let number, .wholePage), .favorite(let number),
         .unfavorite(let number), .web(let number, _), .copy(let number, _), .picture(let number):
        check(number > 0, "recipe number \(number) from \(line.debugDescription)")
    case .open(let number, .link(let link)):
        check(number > 0 && link > 0, "recipe \(number), link \(link) from \(line.debugDescription)")
    case .search(let ingredients, let title):
        check(!(ingredients.isEmpty && title.isEmpty), "an empty search from \(line.debugDescription)")
        check(ingredients.allSatisfy(isOneName) && isTrimmed(title),
              "an empty, untrimmed or unsplit ingredient from \(line.debugDescription)")
    case .filter(.cuisine(let name)):
        check(!name.isEmpty && isTrimmed(name), "an empty or untrimmed cuisine from \(line.debugDescription)")
    case .filter, .set:
        break
    case .favorites(let words):
        check(isTrimmed(words), "untrimmed favorites search from \(line.debugDescription)")
    case .readAddress(let address):
        let lower = address.lowercased()
        check(lower.hasPrefix("http://") || lower.hasPrefix("https://"), "a page to read that is no web address from \(line.debugDescription)")
        check(!address.contains(where: \.isWhitespace), "an address with spaces from \(line.debugDescription)")
    case .next, .previous, .first, .refresh, .retry, .back, .help, .quit, .units, .currentUnits:
        break
    case .openScaled(let number, let scale):
        check(number > 0, "recipe number \(number) from \(line.debugDescription)")
        checkScale(scale, line: line)
    case .scale(let scale):
        checkScale(scale, line: line)
    case .list(let list):
        switch list {
        case .add(let numbers):
            check(!numbers.isEmpty && numbers.allSatisfy { $0 > 0 }, "list numbers \(numbers) from \(line.debugDescription)")
        case .remove(let number):
            check(number > 0, "list remove \(number) from \(line.debugDescription)")
        case .export(let path):
            check(!path.isEmpty, "an empty export path from \(line.debugDescription)")
        case .show, .clear:
            break
        }
    case .pantry(.add(let names)), .pantry(.remove(let names)):
        check(!names.isEmpty && names.allSatisfy(isOneName), "pantry names \(names) from \(line.debugDescription)")
    case .pantry:
        break
    case .have(let request):
        check((0...50).contains(request.maxMissing), "--missing \(request.maxMissing) from \(line.debugDescription)")
        check(request.names.allSatisfy(isOneName), "have names \(request.names) from \(line.debugDescription)")
    }
}

/// A card's scale is a positive number up to 1000.
private func checkScale(_ scale: ScaleRequest, line: String) {
    switch scale {
    case .times(let value), .serving(let value):
        check(value > 0 && value <= 1000 && value.isFinite, "scale \(value) from \(line.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)

    let first = Result { () throws(InputError) -> Command in try CommandParser.parse(text) }
    let second = Result { () throws(InputError) -> Command in try CommandParser.parse(text) }
    check(first == second, "parsing \(text.debugDescription) twice gave \(first) and \(second)")
    switch first {
    case .success(let command):
        check(text.count <= CommandParser.maxLineLength, "a line of \(text.count) characters was accepted")
        checkCommand(command, line: text)
    case .failure(.numberBelowOne(let number)):
        check((Int(number) ?? 1) < 1, "\(number) was refused as below one, from \(text.debugDescription)")
    case .failure:
        break
    }
    return 0
}
