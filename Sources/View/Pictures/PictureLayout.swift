/// The size of one character cell in pixels.
struct CellSize: Equatable, Sendable {
    let width: Int
    let height: Int

    /// What most terminal fonts come close to when the terminal does not say.
    static let assumed = CellSize(width: 8, height: 16)
}

/// Where a picture goes: the cells it takes and the pixels drawn in them. The picture is scaled to
/// fill as much of a box of cells as it can with its aspect ratio kept (cells are about twice as tall
/// as wide, which the cell size accounts for).
struct PictureLayout: Equatable, Sendable {
    let columns: Int
    let rows: Int
    /// The picture's size in pixels at that scale (for sixel and raw pixels).
    let pixelWidth: Int
    let pixelHeight: Int

    init(pictureWidth: Int, pictureHeight: Int, maxColumns: Int, maxRows: Int, cell: CellSize) {
        let cellWidth = max(1, cell.width)
        let cellHeight = max(1, cell.height)
        let boxWidth = max(1, min(maxColumns, 1000)) * cellWidth
        let boxHeight = max(1, min(maxRows, 1000)) * cellHeight
        let width = max(1, pictureWidth)
        let height = max(1, pictureHeight)
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        pixelWidth = min(boxWidth, max(1, Int((Double(width) * scale).rounded())))
        pixelHeight = min(boxHeight, max(1, Int((Double(height) * scale).rounded())))
        columns = (pixelWidth + cellWidth - 1) / cellWidth
        rows = (pixelHeight + cellHeight - 1) / cellHeight
    }

    /// The pixel grid for half blocks: one pixel a column, two a row (a half cell is about square).
    static func halfBlocks(pictureWidth: Int, pictureHeight: Int, maxColumns: Int, maxRows: Int, cell: CellSize) -> (columns: Int, pixelRows: Int) {
        let halfCell = CellSize(width: cell.width, height: max(1, cell.height / 2))
        let layout = PictureLayout(pictureWidth: pictureWidth, pictureHeight: pictureHeight, maxColumns: maxColumns,
                                   maxRows: max(1, min(maxRows, 1000)) * 2, cell: halfCell)
        let columns = max(1, min(maxColumns, Int((Double(layout.pixelWidth) / Double(halfCell.width)).rounded())))
        let pixelRows = max(1, min(maxRows * 2, Int((Double(layout.pixelHeight) / Double(halfCell.height)).rounded())))
        return (columns, pixelRows)
    }
}
