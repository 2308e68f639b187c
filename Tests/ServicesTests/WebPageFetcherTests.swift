import Foundation
import Testing
import Entity
import TestSupport
@testable import Services
import HTTPTransport

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

/// A page read after a redirect links relative to where it landed.
@Suite struct RedirectedPages {
    @Test func linksOnARedirectedPageResolveAgainstItsFinalAddress() async throws {
        let server = try ScriptedHTTPServer { request in
            request.target == "/old/stew"
                ? [.send("HTTP/1.1 301 Moved\r\nLocation: /recipes/2024/stew\r\nContent-Length: 0\r\n\r\n")]
                : [.response(contentType: "text/html; charset=utf-8",
                             body: "<html><body><h1>Stew</h1><p>See <a href=\"sides.html\">the sides</a>.</p></body></html>")]
        }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(5)))
        defer { transport.shutdown() }
        let page = try await WebPageFetcher(transport: transport).page(at: server.baseURL.absoluteString + "/old/stew")
        #expect(page.document.links.map(\.url) == [server.baseURL.absoluteString + "/recipes/2024/sides.html"])
    }
}
