/// The pictures a page names for its recipe (its structured data's `image` in every shape, then its
/// Open Graph and Twitter pictures), and the one RecipeBook shows: the largest, by the width and height
/// the page states with it or that its address states (`…-1200x800.jpg`, `?w=1200&h=800`); among equals
/// an HTTPS one, then the first named. A file named as a logo is never the recipe's picture.
struct Pictures {
    struct Candidate: Equatable {
        var address: String
        var width: Int?
        var height: Int?
    }

    enum Limits {
        static let candidates = 64
        static let addressLength = 4_096
    }

    private(set) var candidates: [Candidate] = []

    /// Adds a picture, or what is learnt about one already named (its size).
    mutating func add(_ address: String, width: Int? = nil, height: Int? = nil) {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= Limits.addressLength, !Pictures.namesLogo(trimmed) else { return }
        if let index = candidates.firstIndex(where: { $0.address == trimmed }) {
            candidates[index].width = larger(candidates[index].width, width)
            candidates[index].height = larger(candidates[index].height, height)
            return
        }
        guard candidates.count < Limits.candidates else { return }
        candidates.append(Candidate(address: trimmed, width: width, height: height))
    }

    mutating func add(_ other: Pictures) {
        for candidate in other.candidates { add(candidate.address, width: candidate.width, height: candidate.height) }
    }

    private func larger(_ first: Int?, _ second: Int?) -> Int? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }

    /// The largest picture; the first named when no size is known.
    var best: String? {
        var chosen: String?
        var chosenScore = (area: -1, secure: 0)
        for candidate in candidates {
            let score = (area: Pictures.area(of: candidate), secure: candidate.address.lowercased().hasPrefix("https:") ? 1 : 0)
            if score.area > chosenScore.area || (score.area == chosenScore.area && score.secure > chosenScore.secure) {
                chosen = candidate.address
                chosenScore = score
            }
        }
        return chosen
    }

    static func area(of candidate: Candidate) -> Int {
        var width = candidate.width
        var height = candidate.height
        if width == nil || height == nil, let size = size(in: candidate.address) {
            width = width ?? size.width
            height = height ?? size.height
        }
        switch (width, height) {
        case let (width?, height?): return min(width, 100_000) * min(height, 100_000)
        case let (side?, nil), let (nil, side?): return min(side, 100_000) * min(side, 100_000)
        default: return 0
        }
    }

    /// A size written into an address: `1200x800` (three to five digits each, not part of a longer
    /// number), else both `w=`/`width=` and `h=`/`height=` in its query.
    static func size(in address: String) -> (width: Int, height: Int)? {
        let bytes = Array(address.utf8)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && (0x30...0x39).contains(bytes[index]) }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") else {
                index += 1
                continue
            }
            var start = index
            while isDigit(start - 1) { start -= 1 }
            var end = index + 1
            while isDigit(end) { end += 1 }
            let widthDigits = index - start, heightDigits = end - index - 1
            if (3...5).contains(widthDigits), (3...5).contains(heightDigits),
               let width = Int(String(decoding: bytes[start..<index], as: UTF8.self)),
               let height = Int(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)) {
                return (width, height)
            }
            index += 1
        }
        guard let query = address.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        var width: Int?, height: Int?
        for pair in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, (3...5).contains(parts[1].count), let value = Int(parts[1]) else { continue }
            switch parts[0].lowercased() {
            case "w", "width": width = width ?? value
            case "h", "height": height = height ?? value
            default: continue
            }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// Whether an image's file name says it is a logo (`cropped-site-logo.png`).
    static func namesLogo(_ address: String) -> Bool {
        let path = address.split(separator: "?", maxSplits: 1).first ?? Substring(address)
        let name = path.split(separator: "/").last ?? path
        return name.lowercased().contains("logo")
    }

    /// A size as pages write it: `1200`, `"1200"`, `"1200px"`.
    static func dimension(_ text: String?) -> Int? {
        guard let text else { return nil }
        let digits = text.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && $0.isNumber }
        guard (1...6).contains(digits.count) else { return nil }
        return Int(digits)
    }
}
