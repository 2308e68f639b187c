import Testing
import TerminalKit
import Presenter
@testable import View

@Suite struct Rendering {
    let card = RecipeCard(number: 7, title: "Macaroni & Cheese with a Rather Long Title That Wraps", ingredients: "macaroni, cheddar cheese, milk, butter",
                          site: "example.com", href: "http://example.com/mac", badges: [.favorite, .lactose])

    @Test func cardsWrapToTheWidthWithBadgesAfterTheTitle() {
        let lines = Renderer(width: 40, colors: false).card(card, numberWidth: 2)
        #expect(lines == [
            " 7. Macaroni & Cheese with a",
            "    Rather Long Title That",
            "    Wraps ★ LACTOSE",
            "    macaroni, cheddar cheese, milk,",
            "    butter",
            "    example.com",
        ])
        #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 40 })
        #expect(Renderer(width: 40, colors: false).card(card, numberWidth: 1, link: true).last == "   http://example.com/mac")
    }

    /// Where a footer is too long, the hints that may go go first; where the screen stands and the state
    /// of the walk stay, in their short form where they must.
    @Test func aShortFooterKeepsTheRangeAndTheStateOfTheWalk() {
        let footer = Hints([
            .init("Recipes 41–44", rank: 0), .init("screen 6", rank: 2),
            .init("offline: retry to fetch more", rank: 1, short: "offline: retry"),
            .init("p previous", rank: 4), .init("o 41 read", rank: 3), .init("? help", rank: 6),
        ])
        #expect(Renderer(width: 100, colors: false).hints(footer)
            == "Recipes 41–44 · screen 6 · offline: retry to fetch more · p previous · o 41 read · ? help")
        #expect(Renderer(width: 80, colors: false).hints(footer) == "Recipes 41–44 · screen 6 · offline: retry to fetch more · p previous · o 41 read")
        #expect(Renderer(width: 49, colors: false).hints(footer) == "Recipes 41–44 · offline: retry to fetch more")
        #expect(Renderer(width: 32, colors: false).hints(footer) == "Recipes 41–44 · offline: retry")
        #expect(Renderer(width: 20, colors: false).hints(footer) == "Recipes 41–44")
    }

    @Test func coloursAreAddedOnlyWhenAskedFor() {
        let plain = Renderer(width: 80, colors: false).card(card, numberWidth: 1).joined()
        let coloured = Renderer(width: 80, colors: true).card(card, numberWidth: 1).joined()
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[1;30;43mLACTOSE\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1mMacaroni"))
    }

    @Test func networkTextIsMadeSafeBeforeItIsStyled() {
        let hostile = RecipeCard(number: 1, title: "Pie\u{1B}]52;c;eA==\u{07}\u{1B}[2J", ingredients: "eggs\u{9B}31m", site: "x\u{07}",
                                 href: "", badges: [])
        let text = Renderer(width: 80, colors: true).card(hostile, numberWidth: 1).joined(separator: "\n")
        let escapes = text.components(separatedBy: "\u{1B}[").count - 1
        #expect(escapes == 4, "only the bold and dim codes we add")
        #expect(!text.contains("52;c"))
        #expect(!text.contains("\u{07}"))
    }

    @Test func messagesWrapOnATerminalAndStayOneLineInAPipe() {
        let message = MessageModel(.error, "Cannot reach the recipe server (cannot connect to 127.0.0.1:9).",
                                   hint: "You seem to be offline: favorites still work (type favorites), and retry tries again.")
        let wrapped = Renderer(width: 50, colors: false).message(message)
        #expect(wrapped.count > 1)
        #expect(wrapped[0].hasPrefix("Error: Cannot reach"))
        #expect(wrapped.allSatisfy { $0.count <= 50 })
        let piped = Renderer(width: 50, colors: false, wrapsMessages: false).message(message)
        #expect(piped.count == 1)
    }

    @Test func helpListsEveryCommand() {
        let help = Renderer(width: 100, colors: false).help().joined(separator: "\n")
        for spec in CommandTable.specs {
            #expect(help.contains(spec.names.joined(separator: ", ")), "\(spec.names)")
        }
        #expect(help.contains("eggs, milk \"pancakes\""))
        #expect(help.contains("recipes favorites --export cookbook.md"), "the cookbook export, which the prompt does not run, is named")
    }

    @Test func pagesKeepTheirStructure() {
        let page = PageModel(title: "Shakshuka", source: "online",
                             blocks: [.heading(level: 1, text: "Shakshuka"), .paragraph("Soften the onions."),
                                      .item(marker: "•", text: "eggs", depth: 0), .item(marker: "1.", text: "Crack the eggs in", depth: 1),
                                      .preformatted("a  b"), .rule],
                             references: ["1. http://x/y"])
        let lines = Renderer(width: 60, colors: false).page(page)
        #expect(lines == ["Shakshuka", "(online)", "", "SHAKSHUKA", "Soften the onions.", "", "  • eggs", "    1. Crack the eggs in",
                          "a  b", "", String(repeating: "─", count: 40), "", "References", "  1. http://x/y"])
    }
}

@Suite struct InterruptibleDrawing {
    @Test func aCancelledTaskStopsLayingOutALongPage() async {
        let blocks = (1...50_000).map { PageModel.Block.paragraph("Paragraph \($0) of a very long page.") }
        let page = PageModel(title: "Long", source: "online", blocks: blocks, references: [])
        let whole = Renderer(width: 80, colors: false).page(page)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Renderer(width: 80, colors: false).page(page)
        }
        let stopped = await task.value
        #expect(whole.count > 100_000)
        #expect(stopped.count < 10, "a cancelled layout stops at once: \(stopped.count) lines")
    }
}
