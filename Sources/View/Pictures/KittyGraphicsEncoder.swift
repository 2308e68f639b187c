import Foundation
import Presenter

/// The kitty graphics protocol: the picture's PNG (`f=100`), or its raw RGBA pixels scaled to the
/// cells (`f=32`) when there is no PNG, base64 in chunks of 4096 (`m=1` on all but the last), shown
/// at the cursor across `c` columns and `r` rows. `q=2` keeps the terminal from answering, so nothing
/// reaches the line editor. The cursor ends on the line below the picture.
enum KittyGraphicsEncoder {
    static let chunkSize = 4096

    static func encode(_ picture: PictureModel, columns: Int, rows: Int, cell: CellSize?) -> String {
        let layout = PictureLayout(pictureWidth: picture.width, pictureHeight: picture.height, maxColumns: columns, maxRows: rows,
                                   cell: cell ?? .assumed)
        let keys: String
        let payload: Data
        if picture.png.isEmpty {
            let pixels = PixelResampler.resize(picture.rgba, width: picture.width, height: picture.height,
                                               toWidth: layout.pixelWidth, toHeight: layout.pixelHeight)
            keys = "a=T,f=32,s=\(layout.pixelWidth),v=\(layout.pixelHeight),t=d,q=2,c=\(layout.columns),r=\(layout.rows)"
            payload = Data(pixels)
        } else {
            keys = "a=T,f=100,t=d,q=2,c=\(layout.columns),r=\(layout.rows)"
            payload = picture.png
        }
        let base64 = Array(payload.base64EncodedString().utf8)
        var output = ""
        var start = 0
        repeat {
            let end = min(base64.count, start + chunkSize)
            let more = end < base64.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            output += "\u{1B}_G\(control);" + String(decoding: base64[start..<end], as: UTF8.self) + "\u{1B}\\"
            start = end
        } while start < base64.count
        return output + "\n"
    }
}
