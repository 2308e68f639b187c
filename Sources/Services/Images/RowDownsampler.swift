import Entity

/// Scales a picture down while its rows stream in, so a large picture never exists whole in memory:
/// each output pixel is the alpha-weighted mean of the box of source pixels it covers. Memory: the
/// output plus one row of sums.
struct RowDownsampler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int

    /// The output column each source column falls in, and how many source columns each output one has.
    private let targetColumn: [Int32]
    private let columnCount: [UInt32]
    /// Per output pixel of the row being built: red×alpha, green×alpha, blue×alpha, alpha.
    private var sums: [UInt64]
    private var rowsInSums = 0
    private var currentRow = 0
    private var sourceRowsSeen = 0
    private var pixels: [UInt8]

    /// `width` × `height` must not exceed the source in either direction.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = min(width, sourceWidth)
        self.height = min(height, sourceHeight)
        var targetColumn = [Int32](repeating: 0, count: sourceWidth)
        var columnCount = [UInt32](repeating: 0, count: self.width)
        for x in 0..<sourceWidth {
            let column = x * self.width / sourceWidth
            targetColumn[x] = Int32(column)
            columnCount[column] += 1
        }
        self.targetColumn = targetColumn
        self.columnCount = columnCount
        sums = [UInt64](repeating: 0, count: self.width * 4)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    var isIdentity: Bool { width == sourceWidth && height == sourceHeight }

    /// All rows have been added.
    var isComplete: Bool { sourceRowsSeen == sourceHeight }

    /// Adds the next source row: `sourceWidth` RGBA pixels.
    mutating func add(row: UnsafePointer<UInt8>) {
        guard sourceRowsSeen < sourceHeight else { return }
        let y = sourceRowsSeen
        sourceRowsSeen += 1
        if isIdentity {
            let offset = y * width * 4
            pixels.withUnsafeMutableBufferPointer { output in
                guard let base = output.baseAddress else { return }
                (base + offset).update(from: row, count: width * 4)
            }
            return
        }
        let target = y * height / sourceHeight
        if target != currentRow {
            flush()
            currentRow = target
        }
        targetColumn.withUnsafeBufferPointer { columns in
            sums.withUnsafeMutableBufferPointer { sums in
                for x in 0..<sourceWidth {
                    let source = row + x * 4
                    let alpha = UInt64(source[3])
                    let slot = Int(columns[x]) * 4
                    sums[slot] &+= UInt64(source[0]) &* alpha
                    sums[slot + 1] &+= UInt64(source[1]) &* alpha
                    sums[slot + 2] &+= UInt64(source[2]) &* alpha
                    sums[slot + 3] &+= alpha
                }
            }
        }
        rowsInSums += 1
        if sourceRowsSeen == sourceHeight { flush() }
    }

    private mutating func flush() {
        guard rowsInSums > 0 else { return }
        let rows = UInt64(rowsInSums)
        let offset = currentRow * width * 4
        for x in 0..<width {
            let slot = x * 4
            let alphaSum = sums[slot + 3]
            let count = UInt64(columnCount[x]) * rows
            if alphaSum > 0 {
                pixels[offset + slot] = UInt8((sums[slot] + alphaSum / 2) / alphaSum)
                pixels[offset + slot + 1] = UInt8((sums[slot + 1] + alphaSum / 2) / alphaSum)
                pixels[offset + slot + 2] = UInt8((sums[slot + 2] + alphaSum / 2) / alphaSum)
                pixels[offset + slot + 3] = UInt8((alphaSum + count / 2) / count)
            }
            sums[slot] = 0
            sums[slot + 1] = 0
            sums[slot + 2] = 0
            sums[slot + 3] = 0
        }
        rowsInSums = 0
    }

    /// The scaled picture, once every source row has been added.
    func image() -> PixelImage? {
        guard isComplete else { return nil }
        return PixelImage(width: width, height: height, rgba: pixels)
    }
}
