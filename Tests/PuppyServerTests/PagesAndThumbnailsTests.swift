import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// Reads a PNG the strict way: signature, chunk CRCs, one zlib stream of stored blocks, Adler-32.
private func decodePNG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, palette: Int, pixels: [UInt8]) {
    struct Invalid: Error { let reason: String }
    func bigEndian(_ offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Invalid(reason: "signature") }
    var offset = 8
    var chunks: [(type: String, data: [UInt8])] = []
    while offset + 12 <= bytes.count {
        let length = bigEndian(offset)
        let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
        guard ThumbnailRenderer.crc32(typed) == UInt32(bigEndian(offset + 8 + length)) else { throw Invalid(reason: "crc") }
        chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
        offset += 12 + length
    }
    guard offset == bytes.count, chunks.map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"] else { throw Invalid(reason: "chunks") }
    let header = chunks[0].data
    let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    let zlib = chunks[2].data
    guard zlib.starts(with: [0x78, 0x01]) else { throw Invalid(reason: "zlib header") }
    var raw: [UInt8] = []
    var cursor = 2
    var final = false
    while !final {
        final = zlib[cursor] & 1 == 1
        guard zlib[cursor] & 0b110 == 0 else { throw Invalid(reason: "not stored") }
        let length = Int(zlib[cursor + 1]) | Int(zlib[cursor + 2]) << 8
        let complement = Int(zlib[cursor + 3]) | Int(zlib[cursor + 4]) << 8
        guard length ^ complement == 0xFFFF else { throw Invalid(reason: "LEN/NLEN") }
        raw += zlib[(cursor + 5)..<(cursor + 5 + length)]
        cursor += 5 + length
    }
    let adler = zlib[cursor..<(cursor + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard adler == ThumbnailRenderer.adler32(raw), cursor + 4 == zlib.count else { throw Invalid(reason: "adler") }
    guard raw.count == height * (width + 1) else { throw Invalid(reason: "size") }
    var pixels: [UInt8] = []
    for row in 0..<height {
        let start = row * (width + 1) + 1
        pixels += raw[start..<(start + width)]
    }
    return (width, height, chunks[1].data.count / 3, pixels)
}

@Suite("Pages and thumbnails")
struct PagesAndThumbnailsTests {
    let catalog: Catalog
    let responder: SiteResponder

    init() throws {
        catalog = try PuppyServerFixture.sampleCatalog()
        responder = makeResponder(catalog)
    }

    @Test func aThumbnailIsAValidPNGDrawnForItsRecipe() throws {
        let response = responder.get("/thumbnails/shakshuka.png")
        #expect(response.status.code == 200)
        #expect(response.contentType == "image/png")
        let png = try decodePNG(response.body)
        #expect(png.width == 64 && png.height == 64)
        #expect(png.pixels.allSatisfy { Int($0) < png.palette })
        #expect(Set(png.pixels).count >= 3)
    }

    @Test func thumbnailsAreStablePerRecipeAndDifferBetweenRecipes() {
        let first = responder.get("/thumbnails/shakshuka.png").body
        #expect(makeResponder(catalog, seed: 99).get("/thumbnails/shakshuka.png").body == first)
        let all = Set(catalog.recipes.map { responder.get("/thumbnails/\($0.id).png").body })
        #expect(all.count == catalog.recipes.count)
    }

    @Test func theStoredBlockEncoderSplitsLongDataAndChecksItsSums() {
        let data = [UInt8](repeating: 7, count: 70_000)
        let stream = ThumbnailRenderer.zlibStored(data)
        #expect(stream.count == 2 + 5 + 65_535 + 5 + (70_000 - 65_535) + 4)
        #expect(ThumbnailRenderer.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(ThumbnailRenderer.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func aRecipePageShowsTitleCuisineIngredientsAndMethodEscaped() throws {
        let response = responder.get("/recipes/macaroni-and-cheese")
        #expect(response.status.code == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<h1>Macaroni &amp; Cheese</h1>"))
        #expect(html.contains("American"))
        #expect(html.contains("<li>cheddar cheese</li>"))
        #expect(html.contains("Make a roux with butter and flour"))
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(html.contains("href=\"/api/?i=macaroni\""))
        #expect(html.contains("<img src=\"/thumbnails/macaroni-and-cheese.png\""))
    }

    @Test func markupInCatalogTextIsEscapedOnThePage() throws {
        let hostile = try Catalog(recipes: [
            CatalogRecipe(id: "x", title: "<script>alert(1)</script>", cuisine: "\"><b>", ingredients: ["<i>"], method: "a & b < c"),
        ])
        let html = String(decoding: makeResponder(hostile).get("/recipes/x").body, as: UTF8.self)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;b&gt;"))
        #expect(html.contains("a &amp; b &lt; c"))
    }

    @Test func theTrailingSlashVariantOfAnHrefServesTheSamePage() {
        #expect(responder.get("/recipes/shakshuka/").body == responder.get("/recipes/shakshuka").body)
        #expect(responder.get("HTTP://RECIPES.TEST:80/recipes/shakshuka").body == responder.get("/recipes/shakshuka").body)
    }

    @Test func theIndexPageLinksToTheAPIAndSomeRecipes() {
        let html = String(decoding: responder.get("/").body, as: UTF8.self)
        #expect(html.contains("36 recipes"))
        #expect(html.contains("/recipes/shakshuka"))
    }

    @Test(arguments: [
        "/recipes/../api/", "/recipes/..%2Fapi", "/recipes/%2e%2e/%2e%2e/etc/passwd", "/recipes/%2Fetc%2Fpasswd",
        "/thumbnails/..%2F..%2Fetc%2Fpasswd.png", "/thumbnails/../recipes/shakshuka.png", "/recipes/shakshuka%00",
        "/recipes/SHAKSHUKA", "/recipes/shakshuka//", "/recipes//shakshuka", "/../../etc/passwd", "/api/../recipes/shakshuka",
        "http://evil.example/../../etc/passwd", "/thumbnails/shakshuka", "/thumbnails/shakshuka.png/", "/recipes/", "/favicon.ico",
        "/Recipes/shakshuka", "/recipes/shakshuka.png", "/etc/passwd",
    ])
    func traversalAndUnknownPathsReachOnlyNotFound(target: String) {
        #expect(responder.get(target).status.code == 404, "\(target)")
    }

    @Test(arguments: ["/recipes/%zz", "/recipes/%C3", "*", "example.com:80", "/a#b"])
    func badlyEncodedTargetsAreBadRequests(target: String) {
        #expect(responder.get(target).status.code == 400, "\(target)")
    }

    @Test func otherMethodsOnKnownPathsAre405WithAllow() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "get"] {
            let response = responder.get("/api/?i=garlic", method: method)
            #expect(response.status.code == 405)
            #expect(response.headers.contains(HTTPHeader(name: "Allow", value: "GET, HEAD")))
        }
        #expect(responder.get("/nowhere", method: "POST").status.code == 404)
    }
}
