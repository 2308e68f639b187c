import Foundation
import Testing
import Entity
@testable import PageReader

@Suite struct RecipePictures {
    private let recipe = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"image\":\"https://example.com/pie-schema.jpg\",\"recipeInstructions\":\"Bake.\"}"

    private func page(head: String) -> String {
        pageWithJSONLD(recipe).replacingOccurrences(of: "<title>", with: head + "<title>")
    }

    @Test func theOpenGraphPictureIsTakenFirst() throws {
        let found = try #require(extract(page(head: "<meta property=\"og:image\" content=\"https://example.com/pie.jpg\">")))
        #expect(found.imageURL == "https://example.com/pie.jpg")
    }

    @Test func aSiteLogoGivenAsTheOpenGraphPictureIsPassedOver() throws {
        let logoThenPicture = """
        <meta property="og:image" content="https://example.com/uploads/cropped-site-logo_notag.png">
        <meta property="og:image" content="https://example.com/uploads/pie.jpg">
        """
        #expect(try #require(extract(page(head: logoThenPicture))).imageURL == "https://example.com/uploads/pie.jpg")
        let logoOnly = "<meta property=\"og:image\" content=\"https://cdn.example/i/SiteLOGO.png?fit=281%2C99\">"
        #expect(try #require(extract(page(head: logoOnly))).imageURL == "https://example.com/pie-schema.jpg")
        // A word that only contains the letters elsewhere in the address does not count.
        let logoFolder = "<meta property=\"og:image\" content=\"https://example.com/logos/pie.jpg\">"
        #expect(try #require(extract(page(head: logoFolder))).imageURL == "https://example.com/logos/pie.jpg")
    }

    @Test func theSecureAddressOfThePictureIsPreferred() throws {
        let head = """
        <meta property="og:image" content="http://example.com/pie.jpg">
        <meta property="og:image:secure_url" content="https://example.com/pie.jpg">
        """
        #expect(try #require(extract(page(head: head))).imageURL == "https://example.com/pie.jpg")
        // A secure address that is not HTTPS is no better.
        let odd = "<meta property=\"og:image\" content=\"http://example.com/pie.jpg\"><meta property=\"og:image:secure_url\" content=\"ftp://example.com/pie.jpg\">"
        #expect(try #require(extract(page(head: odd))).imageURL == "http://example.com/pie.jpg")
    }
}
