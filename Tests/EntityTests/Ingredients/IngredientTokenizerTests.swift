import Testing
@testable import Entity

/// Numbers as recipes write them, and lines no recipe would hold.
@Suite struct IngredientTokenizing {
    static let numbers: [(String, Double)] = [
        ("3", 3), ("12", 12), ("1.5", 1.5), (".5", 0.5), ("1,5", 1.5), ("2,25", 2.25), ("1,000", 1000), ("1/2", 0.5),
        ("3/4", 0.75), ("3⁄4", 0.75), ("½", 0.5), ("⅓", 1.0 / 3), ("⅞", 0.875), ("1½", 1.5), ("1 ½", 1.5), ("1 1/2", 1.5),
        ("1-1/2", 1.5), ("2 3/4", 2.75), ("10 1/4", 10.25),
    ]

    @Test(arguments: numbers)
    func numbersAreReadWhole(text: String, value: Double) throws {
        let tokens = IngredientTokenizer.tokens(text + " cups")
        let first = try #require(tokens.first?.number)
        #expect(abs(first - value) < 0.0001)
        #expect(tokens.count == 2, "the number is one token: \(tokens.map(\.text))")
    }

    @Test func aRangeIsTwoNumbersNotAMixedOne() {
        let tokens = IngredientTokenizer.tokens("1-2")
        #expect(tokens.map(\.number) == [1, nil, 2])
    }

    @Test func aNumberStuckToLettersIsCutFromThem() {
        #expect(IngredientTokenizer.tokens("400g").map(\.text) == ["400", "g"])
        #expect(IngredientTokenizer.tokens("1lb2oz").map(\.text) == ["1", "lb", "2", "oz"])
    }

    @Test func wordsKeepHyphensApostrophesAndMarks() {
        #expect(IngredientTokenizer.tokens("free-range goats' Lawry's® crème").map(\.text) == ["free-range", "goats'", "Lawry's®", "crème"])
    }

    /// Every scalar of the first two planes' interesting ranges, alone and inside a line: nothing
    /// traps, and the line is kept as given.
    @Test func everyCharacterAloneAndInsideALineIsRead() {
        let ranges: [ClosedRange<UInt32>] = [0...0x2FF, 0x2000...0x215F, 0xFE00...0xFFFF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let alone = String(Character(scalar))
                #expect(IngredientLine(parsing: alone).text == alone)
                let inside = "1\(alone)2 c\(alone)up (\(alone)) flour, \(alone)"
                #expect(IngredientLine(parsing: inside).text == inside)
            }
        }
    }

    /// A real-looking line cut after each of its characters: every prefix is read.
    @Test func everyPrefixOfALineIsRead() {
        let line = "1 (14.5 oz/411 g) can 1½-2 heaped tbsp finely chopped, skinless fresh (or dried) herbs: basil, or mint; to serve"
        var prefix = ""
        for character in line {
            prefix.append(character)
            let parsed = IngredientLine(parsing: prefix)
            #expect(parsed.text == prefix)
        }
    }

    @Test func veryLongLinesAreReadUpToTheBound() {
        let long = String(repeating: "2 cups (1/2 (flour, ", count: 20_000)
        let line = IngredientLine(parsing: long)
        #expect(line.text == long)
        #expect(IngredientTokenizer.tokens(long).count <= IngredientTokenizer.maxCharacters)
        let digits = String(repeating: "9", count: 10_000) + " g sugar"
        #expect(IngredientLine(parsing: digits).quantity == nil, "ten thousand digits are no amount a kitchen measures")
        let slashes = "1/" + String(repeating: "0", count: 50) + " cup milk"
        #expect(IngredientLine(parsing: slashes).quantity?.low.isFinite == true)
    }
}
