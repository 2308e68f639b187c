import Foundation
import Testing
import Entity
@testable import RecipeReader

/// The recipe's picture is the largest the page names for it (its structured data's pictures, its
/// Open Graph ones), by the size stated with it or written into its address; among pictures of the
/// same size, an HTTPS one, then the first named; never a file named as a logo.
@Suite struct RecipePictures {
    private func page(image: String = "\"https://example.com/pie-schema.jpg\"", head: String) -> String {
        let recipe = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"image\":\(image),\"recipeInstructions\":\"Bake.\"}"
        return pageWithJSONLD(recipe).replacingOccurrences(of: "<title>", with: head + "<title>")
    }

    @Test func theLargestPictureByItsStatedSizeIsTaken() throws {
        let head = """
        <meta property="og:image" content="https://example.com/pie-wide.jpg">
        <meta property="og:image:width" content="1200"><meta property="og:image:height" content="800">
        """
        #expect(try #require(extract(page(head: head))).imageURL == "https://example.com/pie-wide.jpg")
        // A smaller stated size loses to the structured data's larger one.
        let sized = "[{\"@type\":\"ImageObject\",\"url\":\"https://example.com/pie-big.jpg\",\"width\":1600,\"height\":1200}]"
        #expect(try #require(extract(page(image: sized, head: head))).imageURL == "https://example.com/pie-big.jpg")
    }

    @Test func aSizeWrittenIntoTheAddressCounts() throws {
        let list = "[\"https://example.com/pie-225x225.jpg\",\"https://example.com/pie-1200x900.jpg\",\"https://example.com/pie.jpg?w=640&h=480\"]"
        #expect(try #require(extract(page(image: list, head: ""))).imageURL == "https://example.com/pie-1200x900.jpg")
    }

    @Test func withNoSizeKnownTheStructuredDataNamesThePicture() throws {
        let head = "<meta property=\"og:image\" content=\"https://example.com/pie-share.jpg\">"
        #expect(try #require(extract(page(head: head))).imageURL == "https://example.com/pie-schema.jpg")
        // An Open Graph picture serves when the data names none.
        let none = pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeInstructions\":\"Bake.\"}").replacingOccurrences(of: "<title>", with: head + "<title>")
        #expect(try #require(extract(none)).imageURL == "https://example.com/pie-share.jpg")
    }

    @Test func aSiteLogoIsNeverThePicture() throws {
        let logo = """
        <meta property="og:image" content="https://example.com/uploads/cropped-site-logo.png">
        <meta property="og:image:width" content="2000"><meta property="og:image:height" content="2000">
        """
        #expect(try #require(extract(page(head: logo))).imageURL == "https://example.com/pie-schema.jpg")
        // A word that only contains the letters elsewhere in the address does not count.
        let folder = "<meta property=\"og:image\" content=\"https://example.com/logos/pie.jpg\"><meta property=\"og:image:width\" content=\"900\">"
        #expect(try #require(extract(page(head: folder))).imageURL == "https://example.com/logos/pie.jpg")
    }

    @Test func amongEqualsAnHTTPSPictureIsPreferred() throws {
        let head = """
        <meta property="og:image" content="http://example.com/pie.jpg">
        <meta property="og:image:secure_url" content="https://example.com/pie.jpg">
        """
        let image = "\"http://example.com/pie-schema.jpg\""
        #expect(try #require(extract(page(image: image, head: head))).imageURL == "https://example.com/pie.jpg")
    }

    @Test func aRelativePictureIsMadeAbsolute() throws {
        #expect(try #require(extract(page(image: "{\"url\":\"/img/pie.jpg\"}", head: ""))).imageURL == "https://example.com/img/pie.jpg")
    }
}
