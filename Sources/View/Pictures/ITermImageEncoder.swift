import Foundation
import Presenter

/// iTerm2's inline images: the picture's PNG as a file, `width` columns by `height` rows with its
/// aspect ratio kept. Without a PNG there is nothing iTerm2 can take, and the result is empty. The
/// cursor ends on the line below the picture.
enum ITermImageEncoder {
    static func encode(_ picture: PictureModel, columns: Int, rows: Int, cell: CellSize?) -> String {
        guard !picture.png.isEmpty else { return "" }
        let layout = PictureLayout(pictureWidth: picture.width, pictureHeight: picture.height, maxColumns: columns, maxRows: rows,
                                   cell: cell ?? .assumed)
        let arguments = "inline=1;size=\(picture.png.count);width=\(layout.columns);height=\(layout.rows);preserveAspectRatio=1"
        return "\u{1B}]1337;File=\(arguments):\(picture.png.base64EncodedString())\u{07}\n"
    }
}
