import PuppyCatalog
/// Where each recipe's photo is and what the server answers for it: a photo the server holds (from
/// the bundled cookbook or beside a catalog file) at `/pictures/{id}.jpg` and `/thumbnails/{id}.jpg`
/// (the extension that of its kind), a photo given as an address at that address, and none for a
/// recipe without a photo, whose results carry an empty thumbnail. Nothing is looked at until an
/// address is asked for: a page of results names a few of the recipes.
struct RecipePictures: Sendable {
    let recipes: [CatalogRecipe]
    let photos: CatalogPhotos
    let urls: SiteURLs

    /// The picture's address for the recipe at `position`; nil for none.
    func pictureURL(at position: Int) -> String? {
        let recipe = recipes[position]
        if let photo = recipe.photo, !CatalogPhotos.isFileName(photo) { return photo }
        return photos.picture(for: recipe).map { urls.picture(recipe.id, type: $0.contentType) }
    }

    /// The thumbnail's address for the recipe at `position`; "" for none.
    func thumbnailURL(at position: Int) -> String {
        let recipe = recipes[position]
        if let thumbnail = recipe.thumbnail { return thumbnail }
        if let thumb = recipe.thumb ?? recipe.photo, !CatalogPhotos.isFileName(thumb) { return thumb }
        return photos.thumbnail(for: recipe).map { urls.thumbnail(recipe.id, type: $0.contentType) } ?? ""
    }

    func picture(at position: Int) -> CatalogPhotos.Photo? {
        photos.picture(for: recipes[position])
    }

    func thumbnail(at position: Int) -> CatalogPhotos.Photo? {
        photos.thumbnail(for: recipes[position])
    }

    /// The file extension a picture's address ends with, for its kind.
    static func fileExtension(_ contentType: String) -> String {
        switch contentType {
        case "image/png": "png"
        case "image/webp": "webp"
        default: "jpg"
        }
    }
}
