public import Entity
public import Interactor

/// What reading pages and opening links have to say.
extension Messages {
    public func savedCopyUnreadable(_ problem: UseCaseError) -> MessageModel {
        MessageModel(.warning, "The saved copy could not be read (\(error(problem).text)); showing the page online.")
    }

    public func noSuchLink(_ number: Int, on page: ReadablePage) -> MessageModel {
        let count = page.document.links.count
        return MessageModel(.error, "The page has no link \(number).",
                            hint: count == 0 ? "It has no links." : "Its links are numbered 1 to \(count).")
    }

    public func browserOutcome(_ outcome: BrowserOutcome, recipe: Recipe, address: String, video: Bool = false) -> MessageModel {
        switch outcome {
        case .opened(let program):
            return MessageModel(.info, "Opened \(video ? "the video of " : "")“\(recipe.title)” with \(program): \(address)")
        case .noBrowser:
            return MessageModel(.error, "No web browser found to open \(address).",
                                hint: "Set $BROWSER (like BROWSER=firefox), or install xdg-utils.")
        case .failed(let program, let reason):
            return MessageModel(.error, "\(program) could not open \(address) (\(reason)).", hint: "Check $BROWSER.")
        }
    }

    public func noPictures(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "No picture can be drawn here\(recipe.thumbnail.map { "; it is at \($0)" } ?? "").",
                     hint: "Pictures need a terminal that shows them (kitty, iTerm2, sixel, or colours for half blocks), without --pictures never.")
    }

    public func setting(_ name: String, _ value: Bool) -> MessageModel {
        MessageModel(.info, "\(name.capitalizedFirst): \(value ? "on" : "off").")
    }

    public func unknownSetting(_ text: String) -> MessageModel {
        MessageModel(.error, "Unknown setting \"\(text)\".", hint: "Settings: set pictures on, set pictures off.")
    }

    public func copied(_ recipe: Recipe, address: String, video: Bool = false) -> MessageModel {
        MessageModel(.info, "Copied the \(video ? "video " : "")link of “\(recipe.title)”: \(address)")
    }

    /// `w N video` or `c N video` on a recipe whose page names no video.
    public func noVideo(_ number: Int) -> MessageModel {
        MessageModel(.info, "Recipe \(number)'s page names no video.")
    }

    /// `w N` or `c N` (with `video`, its page's video) where the link is not an http or https address:
    /// nothing goes to a browser or the clipboard. A long address (a `data:` one) is cut short.
    public func notAWebAddress(_ number: Int, address: String, video: Bool, copying: Bool) -> MessageModel {
        let shown = address.count > 60 ? address.prefix(60) + "…" : address
        let whose = video ? "Recipe \(number)'s page names its video as" : "Recipe \(number)'s link is"
        return MessageModel(.error, "\(whose) \(shown), which is not a web address; nothing was \(copying ? "copied" : "opened").",
                            hint: "Only http and https links are opened or copied.")
    }

    public func cannotCopy(_ address: String) -> MessageModel {
        MessageModel(.info, "Copying needs a terminal; the link is \(address)")
    }
}
