import Foundation
import Entity
import Services
import PuppyServer
import PuppyCatalog

/// Favorites made for the benchmark: the bundled catalog's recipes under numbered titles, each with a
/// page of about 20 KB (the HTML, and the readable document made from the same blocks) and a 160×120
/// PNG picture. A page talks about its own recipe only: after the method come notes drawn, with their
/// natural frequencies, from the words of every method in the catalog except ingredient names, mixed
/// with the recipe's own ingredients. So a search for an ingredient finds the favorites that use it,
/// as it would on real pages, and a common word finds nearly all.
struct FavoritesFixture {
    static let pageBytes = 20 * 1024

    /// A real 160×120 PNG (a thumbnail's size), since a starred recipe keeps only pictures that decode.
    let thumbnail: RecipeImage = {
        var rgba: [UInt8] = []
        for y in 0..<120 {
            for x in 0..<160 { rgba += [UInt8(truncatingIfNeeded: x &* 7 &+ y), UInt8(truncatingIfNeeded: y &* 5), UInt8(truncatingIfNeeded: x ^ y), 255] }
        }
        // The pixels above always make a valid image of this size, which libpng always encodes.
        let png = PixelImage(width: 160, height: 120, rgba: rgba).flatMap { try? ImageEncoder.png($0) } ?? Data()
        return RecipeImage(bytes: png, contentType: "image/png")
    }()
    private let templates: [CatalogRecipe]
    private let vocabulary: [String]

    init() throws {
        templates = try Catalog.bundled().recipes
        let ingredientWords = Set(templates.flatMap { $0.ingredients.flatMap { $0.split(separator: " ").map(String.init) } })
        vocabulary = templates.flatMap { $0.method.lowercased().split { !$0.isLetter }.map(String.init) }.filter { word in
            word.count > 2 && !ingredientWords.contains { word.hasPrefix($0) || $0.hasPrefix(word) }
        }
        guard !vocabulary.isEmpty else { throw BenchError("the bundled catalog has no words for the favorites' pages") }
    }

    func recipe(_ number: Int) -> Recipe {
        let template = templates[number % templates.count]
        let id = "\(template.id)-\(number)"
        return Recipe(title: "\(template.title) no. \(number)", href: "http://puppy.localhost/recipes/\(id)",
                      ingredients: template.ingredients, thumbnail: "http://puppy.localhost/thumbnails/\(id).svg")
    }

    func favorite(_ number: Int, savedAt: Date) -> Favorite {
        let recipe = recipe(number)
        return Favorite(recipe: recipe, savedAt: savedAt, page: page(for: recipe, number: number), thumbnail: thumbnail)
    }

    func page(for recipe: Recipe, number: Int) -> RecipePage {
        let template = templates[number % templates.count]
        var blocks: [ReadableDocument.Block] = [
            .heading(level: 1, text: recipe.title), .paragraph("A \(template.cuisine) dish for \(2 + number % 5) people."),
            .heading(level: 2, text: "Ingredients"),
        ]
        blocks += recipe.ingredients.map { .listItem(marker: "•", text: $0, depth: 0) }
        blocks += [.heading(level: 2, text: "Method"), .paragraph(template.method), .heading(level: 2, text: "Notes")]
        var body = blocks.map(Self.html).joined(separator: "\n")
        // SplitMix64, seeded with the number: the same page on every run.
        var state = UInt64(number)
        func random(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(max(1, bound)))
        }
        while body.utf8.count < Self.pageBytes {
            let sentences = (0..<4).map { _ in
                var words = (0..<(8 + random(below: 9))).map { _ in vocabulary[random(below: vocabulary.count)] }
                if random(below: 3) == 0 {
                    words.insert(recipe.ingredients[random(below: recipe.ingredients.count)], at: random(below: words.count))
                }
                let sentence = words.joined(separator: " ")
                return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
            }
            blocks.append(.paragraph(sentences.joined(separator: " ")))
            body += "\n" + Self.html(blocks[blocks.count - 1])
        }
        let cuisine = "http://puppy.localhost/cuisines/\(template.cuisine.lowercased())"
        let links = [ReadableDocument.Link(number: 1, text: "Home", url: "http://puppy.localhost/"),
                     ReadableDocument.Link(number: 2, text: template.cuisine, url: cuisine)]
        let html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(Self.escape(recipe.title))</title></head>\n<body>\n"
            + "<nav><a href=\"/\">Home</a> · <a href=\"\(cuisine)\">\(Self.escape(template.cuisine))</a></nav>\n" + body + "\n</body></html>\n"
        return RecipePage(html: html, document: ReadableDocument(title: recipe.title, blocks: blocks, links: links))
    }

    private static func html(_ block: ReadableDocument.Block) -> String {
        switch block {
        case .heading(let level, let text): "<h\(level)>\(escape(text))</h\(level)>"
        case .paragraph(let text): "<p>\(escape(text))</p>"
        case .listItem(_, let text, _): "<li>\(escape(text))</li>"
        case .preformatted(let text): "<pre>\(escape(text))</pre>"
        case .rule: "<hr>"
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
