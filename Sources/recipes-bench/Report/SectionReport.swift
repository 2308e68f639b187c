/// What one benchmark measured: its figures, what their reference is, and notes on how.
struct SectionReport: Sendable {
    let number: Int
    let title: String
    /// What the reference column holds for this section.
    let reference: String
    var figures: [Figure] = []
    var notes: [String] = []
    /// Why it could not run, when it could not.
    var failure: String?
    var seconds: Double = 0

    init(number: Int, title: String, reference: String) {
        self.number = number
        self.title = title
        self.reference = reference
    }
}
