import Foundation
import Testing
import Entity
@testable import RecipeReader

@Suite struct RecipeVideos {
    /// A blog-style page with no structured data: a recipe under headings, and a player embedded in
    /// the post, as WordPress writes it.
    private func blogPost(embed: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Lentil Soup | A Small Kitchen</title></head>
        <body>
          <header><a href="/">A Small Kitchen</a></header>
          <iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0"></iframe>
          <article>
            <h1>Lentil Soup</h1>
            <p>A soup for cold evenings.</p>
            <figure class="wp-block-embed is-provider-video">\(embed)</figure>
            <h2>Ingredients</h2>
            <ul><li>200 g red lentils</li><li>1 onion</li><li>1 l stock</li></ul>
            <h2>Instructions</h2>
            <ol><li>Soften the onion.</li><li>Add the lentils and the stock.</li><li>Simmer for 20 minutes.</li></ol>
          </article>
          <iframe src="https://www.google.com/maps/embed?pb=1"></iframe>
        </body></html>
        """
    }

    @Test(arguments: [
        ("<iframe width=\"560\" height=\"315\" src=\"https://www.youtube.com/embed/abcDEF12345?feature=oembed\" allowfullscreen></iframe>",
         "https://www.youtube.com/embed/abcDEF12345?feature=oembed"),
        ("<iframe src=\"//www.youtube-nocookie.com/embed/abcDEF12345\"></iframe>", "https://www.youtube-nocookie.com/embed/abcDEF12345"),
        ("<iframe src=\"https://player.vimeo.com/video/76979871?h=8272103f6e&amp;title=0\"></iframe>",
         "https://player.vimeo.com/video/76979871?h=8272103f6e&title=0"),
        // Lazy loading: the real address waits in a data attribute until the player scrolls into view.
        ("<iframe src=\"about:blank\" data-lazy-src=\"https://www.youtube.com/embed/abcDEF12345\"></iframe>",
         "https://www.youtube.com/embed/abcDEF12345"),
        ("<iframe data-src=\"https://player.vimeo.com/video/1\" class=\"lazyload\"></iframe>", "https://player.vimeo.com/video/1"),
    ])
    func aYouTubeOrVimeoPlayerEmbeddedInThePageIsTheVideo(embed: String, video: String) throws {
        let recipe = try #require(extract(blogPost(embed: embed), url: "https://kitchen.example/lentil-soup/"))
        #expect(recipe.title == "Lentil Soup")
        #expect(recipe.videoURL == video)
    }

    @Test(arguments: [
        "",
        "<iframe src=\"https://www.youtube.com/embed/\"></iframe>",
        "<iframe src=\"https://www.youtube.com/watch?v=abc\"></iframe>",
        "<iframe src=\"https://vimeo.com/76979871\"></iframe>",
        "<iframe src=\"https://www.youtube.com.evil.example/embed/abc\"></iframe>",
        "<iframe src=\"https://evil.example/www.youtube.com/embed/abc\"></iframe>",
        "<iframe src=\"javascript://www.youtube.com/embed/abc\"></iframe>",
        "<iframe src=\"ftp://player.vimeo.com/video/1\"></iframe>",
        "<a href=\"https://www.youtube.com/embed/abc\">a link is not an embedded player</a>",
        "<iframe>https://www.youtube.com/embed/abc</iframe>",
    ])
    func otherFramesAndLinksAreNoVideo(embed: String) throws {
        let recipe = try #require(extract(blogPost(embed: embed), url: "https://kitchen.example/lentil-soup/"))
        #expect(recipe.videoURL == nil)
    }

    @Test func theVideoTheStructuredDataNamesComesBeforeAnEmbeddedPlayer() throws {
        let json = #"{"@type":"Recipe","name":"Pie","recipeInstructions":"Bake.","video":{"@type":"VideoObject","contentUrl":"https://v.example/pie.mp4"}}"#
        let html = pageWithJSONLD(json).replacingOccurrences(of: "<h1>", with: "<iframe src=\"https://player.vimeo.com/video/9\"></iframe><h1>")
        #expect(try #require(extract(html)).videoURL == "https://v.example/pie.mp4")
        let without = #"{"@type":"Recipe","name":"Pie","recipeInstructions":"Bake."}"#
        let embedded = pageWithJSONLD(without).replacingOccurrences(of: "<h1>", with: "<iframe src=\"https://player.vimeo.com/video/9\"></iframe><h1>")
        #expect(try #require(extract(embedded)).videoURL == "https://player.vimeo.com/video/9")
    }

    @Test func theFirstOfSeveralPlayersIsTakenAndAHugeAddressIsNot() throws {
        let two = "<iframe src=\"https://player.vimeo.com/video/1\"></iframe><iframe src=\"https://www.youtube.com/embed/two\"></iframe>"
        #expect(try #require(extract(blogPost(embed: two))).videoURL == "https://player.vimeo.com/video/1")
        let huge = "<iframe src=\"https://www.youtube.com/embed/" + String(repeating: "a", count: 5000) + "\"></iframe>"
        #expect(try #require(extract(blogPost(embed: huge))).videoURL == nil)
    }
}
