import Foundation
import Testing
import Entity
import TestSupport
@testable import Services

@Suite struct FetchingRecipePages {
    @Test func aFetchedPageCarriesItsRecipeReadFromItsBytesAndAddress() async throws {
        let page = """
        <html><head><title>Cr\u{E8}me br\u{FB}l\u{E9}e</title><script type="application/ld+json">
        {"@type":"Recipe","name":"Cr\u{E8}me br\u{FB}l\u{E9}e","image":"img/brulee.jpg","recipeIngredient":["4 jaunes d'\u{9C}ufs"],
         "recipeInstructions":"Cuire au four."}</script></head><body><h1>Cr\u{E8}me br\u{FB}l\u{E9}e</h1><a href="../desserts">Desserts</a></body></html>
        """
        // Windows-1252 bytes, as an old site sends them, with no charset anywhere.
        let body = Data(page.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let server = try ScriptedHTTPServer { _ in [.response(contentType: "text/html", body: body)] }
        defer { server.shutdown() }
        let transport = HTTPTransport()
        defer { transport.shutdown() }
        let fetcher = WebPageFetcher(transport: transport)
        let address = server.baseURL.appendingPathComponent("recipes/brulee").absoluteString

        let fetched = try await fetcher.page(at: address)
        let recipe = try #require(fetched.recipe)
        #expect(recipe.title == "Crème brûlée")
        #expect(recipe.ingredients == ["4 jaunes d'œufs"])
        #expect(recipe.steps == ["Cuire au four."])
        #expect(recipe.imageURL == server.baseURL.appendingPathComponent("recipes/img/brulee.jpg").absoluteString)
        #expect(recipe.canonicalURL == address)
        #expect(fetched.document.title == "Crème brûlée")
        #expect(fetched.document.links.first?.url == server.baseURL.appendingPathComponent("desserts").absoluteString)
    }

    @Test func aPageWithNoRecipeHasNone() async throws {
        let server = try ScriptedHTTPServer { _ in [.response(contentType: "text/html; charset=utf-8", body: "<h1>News</h1><p>Nothing to cook.</p>")] }
        defer { server.shutdown() }
        let transport = HTTPTransport()
        defer { transport.shutdown() }
        let fetched = try await WebPageFetcher(transport: transport).page(at: server.baseURL.appendingPathComponent("news").absoluteString)
        #expect(fetched.recipe == nil)
        #expect(fetched.document.blocks.contains(.paragraph("Nothing to cook.")))
    }
}
