public import Services

/// The one place where errors become what a person reads.
public enum ErrorMessages {
    public static func message(for error: ServiceError) -> MessageModel {
        let detail = error.detail
        switch error {
        case .timeout:
            return MessageModel(.error, "The recipe server did not answer in time\(suffix(detail)).",
                                hint: "Type retry to try again; your favorites work offline.")
        case .unreachable:
            return MessageModel(.error, "Cannot reach the recipe server\(suffix(detail)).",
                                hint: "You seem to be offline: favorites still work (type favorites), and retry tries again.")
        case .connectionLost:
            return MessageModel(.error, "The connection to the recipe server broke\(suffix(detail)).",
                                hint: "Type retry to try again.")
        case .badStatus:
            return MessageModel(.error, "The recipe server answered with an error\(suffix(detail)).",
                                hint: "Type retry to try again later.")
        case .redirectLoop:
            return MessageModel(.error, "The recipe server keeps redirecting\(suffix(detail)).",
                                hint: "Check the --api address.")
        case .malformedBody:
            return MessageModel(.error, "The server sent a response RecipeBook cannot read\(suffix(detail)).",
                                hint: "Type retry; if it persists, the --api address may not be a RecipePuppy API.")
        case .tooLarge:
            return MessageModel(.error, "The server's answer is too large\(suffix(detail)).",
                                hint: "Check the --api address.")
        case .invalidQuery:
            return MessageModel(.error, "Cannot search for that: \(detail.isEmpty ? "the query is not valid" : detail).",
                                hint: "Type ingredients separated by commas, like: onions, garlic")
        case .cancelled:
            return MessageModel(.info, "Cancelled.")
        case .storageCorrupt:
            return MessageModel(.error, "The favorites database is damaged\(suffix(detail)); it was left untouched.",
                                hint: "Searching still works. Move the file aside (see --data-dir) to start a new one.")
        case .storageTooNew:
            return MessageModel(.error, "The favorites database was written by a newer RecipeBook\(suffix(detail)); it was left untouched.",
                                hint: "Searching still works. Update RecipeBook to use these favorites.")
        case .storage:
            return MessageModel(.error, "The favorites database failed\(suffix(detail)).",
                                hint: "Nothing saved before was lost. Check the disk and try again.")
        case .notFound:
            return MessageModel(.error, detail.isEmpty ? "Not found." : "Not found: \(detail).")
        default:
            return MessageModel(.error, "Something went wrong\(suffix(detail)).")
        }
    }

    private static func suffix(_ detail: String) -> String {
        detail.isEmpty ? "" : " (\(detail))"
    }
}
