/// The part of a line the editor draws: as much as fits in `room` columns, scrolled so that the
/// cursor shows. Found by walking out from the cursor, so only the characters drawn (and one more on
/// each side) are measured, however long the line: redrawing costs the width of the screen, not the
/// length of the line.
struct LineWindow: Equatable {
    /// The characters drawn.
    let visible: Range<Int>
    /// Columns drawn after the cursor: how far the cursor moves back once the line is drawn.
    let columnsAfterCursor: Int

    /// `width(i)` is the number of columns character `i` takes. At most `4 × room + 16` characters are
    /// drawn, so a line of characters that take no columns is cut too.
    init(cursor: Int, count: Int, room: Int, width: (Int) -> Int) {
        let cursor = min(max(0, cursor), count)
        let room = max(1, room)
        let maxCharacters = 4 * room + 16
        var start = cursor
        var before = 0
        while start > 0, cursor - start < maxCharacters {
            let next = width(start - 1)
            if before + next > room { break }
            before += next
            start -= 1
        }
        var end = cursor
        var after = 0
        while end < count, end - start < maxCharacters {
            let next = width(end)
            if before + after + next > room { break }
            after += next
            end += 1
        }
        visible = start..<end
        columnsAfterCursor = after
    }
}
