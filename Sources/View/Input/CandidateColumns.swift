import TerminalKit
/// Tab's candidates laid out as `ls` lays out names: in columns read downwards, as many as the width
/// holds, each row cut to the width.
enum CandidateColumns {
    static let gap = 2

    static func rows(_ items: [String], width: Int) -> [String] {
        guard !items.isEmpty else { return [] }
        let widths = items.map { TextLayout.displayWidth($0) }
        let widest = widths.max() ?? 0
        let columnCount = max(1, min(items.count, (max(1, width) + gap) / (widest + gap)))
        let rowCount = (items.count + columnCount - 1) / columnCount
        return (0..<rowCount).map { row in
            var line = ""
            var column = 0
            while row + column * rowCount < items.count {
                let index = row + column * rowCount
                let isLast = row + (column + 1) * rowCount >= items.count
                line += items[index] + (isLast ? "" : String(repeating: " ", count: widest + gap - widths[index]))
                column += 1
            }
            return TextLayout.truncate(line, width: max(1, width))
        }
    }
}
