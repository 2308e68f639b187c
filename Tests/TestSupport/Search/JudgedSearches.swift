/// Searches judged the way a cook would judge them: for each, the ingredient names a recipe must be found
/// for, the names it may be found for, and names it must not be found for (`SearchJudge` reads and scores
/// them). Written from what cooks mean by the words, not from what any code does, and judged by ingredient
/// names, not by recipes, so that they hold for any catalog.
///
/// A block is a search as typed on its first line, then `must:`, `may:` and `not:` lines of names (compared
/// as `IngredientName` folds them: case, accents and plurals do not matter). `* cheese` is any name ending in
/// the words `cheese` (or the name `cheese` itself); `cheese *` any name starting with them. A recipe is
/// expected when one of its ingredients is a `must` name; found, it is right when one is a `must` or `may`
/// name, and a false match otherwise; a `not` name is neither, whatever wildcard would take it in. A search of several ingredients
/// (`tomatoes, cheese`) is judged by each one's own block and expects recipes that have all of them.
public enum JudgedSearches {
    public static let text = """
    cheese
      must: * cheese, parmesan, parmigiano reggiano, pecorino, pecorino romano, grana padano, mozzarella, burrata, \
    provolone, fontina, taleggio, asiago, gorgonzola, mascarpone, ricotta, ricotta salata, cheddar, monterey jack, \
    gruyere, comte, emmental, raclette, brie, camembert, roquefort, chevre, feta, halloumi, manchego, queso fresco, \
    queso blanco, cotija, paneer, stilton, gouda, edam, havarti, kefalotyri, kasseri, graviera, stracciatella, \
    scamorza, pepper jack, labneh cheese, queso oaxaca, oaxaca cheese
      may: cheese curds, cream cheese, cottage cheese, quark, labneh, ricotta salata, cheese sauce
      not: cheesecloth, head cheese, cheesecake, vegan cheese, cashew cheese

    cream
      must: cream, heavy cream, double cream, single cream, whipping cream, heavy whipping cream, light cream, \
    thickened cream, cooking cream, table cream
      may: sour cream, creme fraiche, clotted cream, whipped cream, mexican crema, crema, half and half, soured cream
      not: cream of tartar, ice cream, vanilla ice cream, cream cheese, coconut cream, cream of coconut, cream soda, \
    cream crackers, salad cream, cream of mushroom soup, cream sherry

    butter
      must: butter, unsalted butter, salted butter, softened butter, melted butter, cold butter
      may: ghee, clarified butter, brown butter, garlic butter, niter kibbeh, cultured butter
      not: peanut butter, almond butter, cashew butter, cocoa butter, cacao butter, apple butter, shea butter, \
    butter beans, butternut squash, butter lettuce, buttermilk, butterscotch, nut butter

    milk
      must: milk, whole milk, skim milk, skimmed milk, semi skimmed milk, low fat milk, full fat milk, cold milk, \
    warm milk, 2% milk
      may: buttermilk, evaporated milk, condensed milk, sweetened condensed milk, milk powder, powdered milk, \
    goat milk, goat's milk, lactose free milk
      not: coconut milk, almond milk, oat milk, soy milk, rice milk, cashew milk, milk chocolate, coconut milk powder

    beans
      must: * beans, black beans, kidney beans, pinto beans, cannellini beans, navy beans, borlotti beans, \
    white beans, butter beans, lima beans, fava beans, broad beans, red beans, mung beans, adzuki beans, \
    haricot beans, great northern beans, flageolet beans, black eyed beans
      may: green beans, long beans, string beans, french beans, runner beans, baked beans, refried beans, \
    black-eyed peas, chickpeas, garbanzo beans, edamame, soybeans, fermented black beans, sweet red bean paste, \
    red bean paste
      not: vanilla bean, vanilla beans, jelly beans, coffee beans, cocoa beans, bean sprouts, bean curd, \
    green bean casserole

    pepper
      must: pepper, black pepper, white pepper, ground black pepper, bell pepper, bell peppers, green bell peppers, \
    red bell peppers, yellow bell peppers, green peppers, red peppers, sweet peppers, cracked black pepper, \
    freshly ground black pepper, ground pepper, peppers
      may: * pepper, * peppers, peppercorns, black peppercorns, cayenne pepper, red pepper flakes, capsicum, \
    sichuan peppercorns, szechuan peppercorns, pink peppercorns, espelette pepper, long pepper, salt and pepper, \
    roasted red peppers, piquillo peppers
      not: dr pepper, pepper jack, pepper jack cheese, peppermint, pepperoni, peppermint extract

    chili
      must: chili, chilies, chile, chilli, chillies, red chilies, green chilies, dried chilies, thai chilies, \
    bird's eye chilies, jalapenos, jalapeno, habanero, habanero peppers, scotch bonnet peppers, serrano chiles, \
    serrano peppers, poblano peppers, ancho chiles, guajillo chiles, pasilla chiles, mulato chiles, arbol chiles, \
    chiles de arbol, chipotle chiles, chipotle chiles in adobo, chipotle peppers in adobo, red chili peppers, \
    fresno chiles, aji amarillo peppers, aji panca peppers, rocoto peppers, kashmiri chilies, gochugaru, \
    red pepper flakes, chili flakes, chilli flakes, cayenne pepper, pickled jalapenos, green chili, red chili, \
    long red chili, fresh chilies, hot peppers, chili peppers, dried red chilies, sichuan chilies
      may: chili powder, chili paste, chili sauce, chili oil, gochujang, harissa, sambal oelek, sriracha, \
    hot sauce, chipotle powder, ancho chile powder, paprika, smoked paprika, espelette pepper, calabrian chilies, \
    doubanjiang, sweet chili sauce, red curry paste, green curry paste, chili crisp, chile de arbol, mitmita, berbere
      not: chili con carne, bell peppers, black pepper

    pasta
      must: pasta, spaghetti, spaghettini, linguine, fettuccine, tagliatelle, pappardelle, bucatini, penne, \
    rigatoni, ziti, fusilli, farfalle, orecchiette, macaroni, elbow macaroni, conchiglie, pasta shells, ditalini, \
    orzo, lasagna, lasagna noodles, lasagna sheets, lasagne, cannelloni, ravioli, tortellini, angel hair pasta, \
    capellini, paccheri, gemelli, cavatappi, trofie, campanelle, short pasta, long pasta, dried pasta, fresh pasta, \
    egg pasta, fregola, * pasta
      may: gnocchi, couscous, egg noodles, vermicelli, pastina, stelline, noodles
      not: pasta sauce, pasta water, tomato paste

    noodles
      must: noodles, * noodles, rice noodles, egg noodles, glass noodles, ramen noodles, ramen, udon, udon noodles, \
    soba, soba noodles, somen, rice vermicelli, vermicelli, cellophane noodles, wheat noodles, lo mein noodles, \
    chow mein noodles, shirataki noodles, reshteh noodles, sweet potato noodles, flat rice noodles, wide rice noodles, \
    lasagna noodles, instant noodles, hokkien noodles, mung bean noodles, bean thread noodles
      may: pasta, spaghetti, linguine, fettuccine, tagliatelle, * pasta, kataifi dough, rice paper
      not: noodle soup base

    fish
      must: fish, white fish, whitefish, cod, salt cod, haddock, smoked haddock, salmon, smoked salmon, tuna, \
    canned tuna, tuna steaks, trout, mackerel, sardines, herring, halibut, hake, pollock, sea bass, bass, \
    sea bream, bream, red snapper, snapper, sole, plaice, flounder, catfish, tilapia, carp, swordfish, monkfish, \
    mahi mahi, grouper, barramundi, flying fish, eel, branzino, turbot, skate, pike, perch, bacalao, bacalhau, \
    cod fillets, salmon fillets, fish fillets, white fish fillets, * fillets, salmon steaks, anchovies, \
    fresh anchovies, milkfish, kingfish, whiting, sprats, smelt, * fish
      may: fish roe, bonito flakes, fish cakes, fish stock, katsuobushi, dried anchovies, anchovy fillets, \
    canned sardines, caviar, salmon roe, dashi, fish balls, surimi, fish paste, chicken fillets, beef fillets, pork fillets
      not: fish sauce, fish sauce substitute, goldfish crackers, swedish fish

    chocolate
      must: chocolate, dark chocolate, milk chocolate, white chocolate, bittersweet chocolate, semisweet chocolate, \
    semi-sweet chocolate, unsweetened chocolate, baking chocolate, chocolate chips, chocolate chunks, \
    dark chocolate chips, white chocolate chips, mexican chocolate, plain chocolate, cooking chocolate, \
    chocolate bars, * chocolate
      may: cocoa powder, cocoa, cacao, cacao nibs, chocolate sprinkles, chocolate syrup, chocolate spread, \
    nutella, chocolate liqueur, chocolate ice cream, chocolate cookies, chocolate wafers
      not: chocolate mint, chocolate cosmos

    nuts
      must: nuts, mixed nuts, almonds, walnuts, pecans, cashews, pistachios, hazelnuts, macadamia nuts, \
    brazil nuts, pine nuts, * nuts, slivered almonds, flaked almonds, sliced almonds, ground almonds, chopped walnuts
      may: peanuts, roasted peanuts, chestnuts, coconut, shredded coconut, almond flour, almond meal, peanut butter, \
    almond butter, nut butter, candlenuts, kola nuts, tiger nuts, praline, marzipan, almond extract, hazelnut spread
      not: nutmeg, ground nutmeg, butternut squash, doughnuts, donuts, nutritional yeast, coconut milk

    wine
      must: wine, red wine, white wine, dry white wine, dry red wine, rose wine, sparkling wine, * wine
      may: sherry, dry sherry, marsala, port, madeira, vermouth, sake, mirin, shaoxing wine, rice wine, \
    cooking wine, champagne, prosecco, marsala wine, port wine, mulled wine
      not: red wine vinegar, white wine vinegar, wine vinegar, rice wine vinegar, sherry vinegar

    eggs
      must: eggs, egg, large eggs, hard boiled eggs, boiled eggs, beaten eggs, egg yolks, egg whites, whole eggs, \
    free range eggs, duck eggs, quail eggs, * eggs
      may: salted duck eggs, century eggs, egg wash, liquid egg, mayonnaise
      not: eggplant, eggplants, egg noodles, egg roll wrappers, egg replacer, eggnog

    onions
      must: onions, onion, yellow onions, white onions, red onions, brown onions, sweet onions, spanish onions, \
    pearl onions, vidalia onions, * onions
      may: green onions, spring onions, scallions, shallots, fried onions, onion powder, leeks, chives, \
    crispy fried onions, pickled onions, dried onion flakes
      not: onion seeds, nigella seeds

    garlic
      must: garlic, garlic cloves, minced garlic, crushed garlic, * garlic, garlic bulb, whole garlic
      may: garlic powder, garlic paste, ginger garlic paste, garlic salt, roasted garlic, garlic chives, \
    black garlic, garlic oil, garlic butter, fried garlic, wild garlic
      not: garlic press

    tomatoes
      must: tomatoes, tomato, * tomatoes, cherry tomatoes, plum tomatoes, roma tomatoes, canned tomatoes, \
    tinned tomatoes, chopped tomatoes, diced tomatoes, crushed tomatoes, whole peeled tomatoes, grape tomatoes, \
    beefsteak tomatoes, san marzano tomatoes, heirloom tomatoes, green tomatoes, vine tomatoes
      may: tomato paste, tomato puree, tomato sauce, passata, sun-dried tomatoes, tomato juice, ketchup, \
    tomatillos, tomato concentrate
      not: tomato ketchup chips

    chicken
      must: chicken, whole chicken, chicken breasts, chicken thighs, chicken legs, chicken drumsticks, \
    chicken wings, boneless chicken thighs, skinless chicken breasts, chicken breast fillets, chicken pieces, \
    cooked chicken, rotisserie chicken, ground chicken, chicken mince, chicken tenders, chicken fillets, * chicken
      may: chicken stock, chicken broth, chicken livers, chicken bouillon, chicken fat, chicken carcass, \
    chicken bones, chicken feet, chicken hearts, chicken skin, chicken sausages, chicken stock cube, \
    schmaltz, hen, cornish hens
      not: chicken of the woods, chickpeas, chickpea flour

    beef
      must: beef, ground beef, minced beef, beef mince, beef steak, stewing beef, beef chuck, chuck roast, \
    beef brisket, brisket, beef short ribs, short ribs, sirloin, sirloin steak, flank steak, skirt steak, \
    ribeye, rib eye steak, beef tenderloin, beef shank, oxtail, corned beef, roast beef, beef cheeks, \
    beef sirloin, beef round, topside, silverside, * beef, steak, beef fillet, hanger steak, beef strips
      may: beef stock, beef broth, beef bones, beef tripe, beef liver, beef heart, beef kidney, beef suet, \
    beef tallow, dried beef, beef bouillon, veal, bresaola, pastrami, hamburger patties, beef sausages, \
    beef jerky, meatballs
      not: beefsteak tomatoes

    pork
      must: pork, ground pork, minced pork, pork mince, pork belly, pork shoulder, pork butt, pork loin, \
    pork tenderloin, pork chops, pork ribs, spare ribs, baby back ribs, pork neck, pork leg, pork cutlets, \
    pork steaks, salt pork, * pork, pork knuckle, pork hock, pork collar, pork jowl, boston butt
      may: bacon, ham, pancetta, guanciale, prosciutto, chorizo, pork sausage, pork sausages, sausages, \
    pork fat, lard, pork rinds, pork skin, ham hocks, ham hock, char siu, lardons, pork stock, pork bones, \
    pork liver, chinese sausage, spam, pork crackling, pork belly slices
      not: pork and beans

    lamb
      must: lamb, ground lamb, minced lamb, lamb mince, lamb shoulder, leg of lamb, lamb leg, lamb chops, \
    lamb shanks, lamb neck, rack of lamb, lamb loin, lamb cutlets, lamb ribs, mutton, * lamb, diced lamb
      may: lamb stock, lamb kidneys, lamb liver, lamb fat, merguez sausages, goat
      not: lamb's lettuce, lambs lettuce

    rice
      must: rice, white rice, long grain rice, basmati rice, jasmine rice, arborio rice, carnaroli rice, \
    sushi rice, short grain rice, medium grain rice, glutinous rice, sticky rice, sweet rice, brown rice, \
    wild rice, broken rice, bomba rice, calasparra rice, valencia rice, paella rice, risotto rice, \
    cooked rice, leftover rice, parboiled rice, * rice, black rice, red rice
      may: rice flour, glutinous rice flour, rice noodles, rice paper, rice cakes, toasted rice powder, puffed rice, \
    rice vermicelli, rice krispies
      not: rice vinegar, rice wine, rice wine vinegar, cauliflower rice, rice bran oil

    sugar
      must: sugar, white sugar, granulated sugar, caster sugar, superfine sugar, brown sugar, light brown sugar, \
    dark brown sugar, powdered sugar, icing sugar, confectioners sugar, palm sugar, coconut sugar, demerara sugar, \
    muscovado sugar, turbinado sugar, cane sugar, raw sugar, rock sugar, pearl sugar, jaggery, panela, \
    piloncillo, * sugar, vanilla sugar, sanding sugar
      may: golden syrup, maple syrup, honey, corn syrup, molasses, simple syrup, sugar syrup, maltose, \
    date syrup, agave, agave syrup
      not: sugar snap peas, snap peas, sugar snaps, sugar free

    flour
      must: flour, all-purpose flour, all purpose flour, plain flour, bread flour, cake flour, pastry flour, \
    self-raising flour, self rising flour, whole wheat flour, wholemeal flour, strong flour, * flour, 00 flour, \
    rye flour, buckwheat flour, rice flour, spelt flour
      may: cornstarch, corn flour, cornflour, masa harina, semolina, cornmeal, tapioca starch, potato starch, \
    chickpea flour, gram flour, almond flour, cassava flour, teff flour, glutinous rice flour, besan, \
    arrowroot, breadcrumbs, panko
      not: flour tortillas, flour tortilla

    shrimp
      must: shrimp, prawns, king prawns, tiger prawns, jumbo shrimp, large shrimp, raw shrimp, cooked shrimp, \
    peeled shrimp, * shrimp, * prawns, rock shrimp, bay shrimp
      may: dried shrimp, shrimp paste, shrimp stock, langoustines, crayfish, crawfish, crawfish tails, \
    ground crayfish, scampi
      not: shrimp chips, prawn crackers, shrimp crackers

    prawns
      must: shrimp, prawns, king prawns, tiger prawns, jumbo shrimp, large shrimp, raw shrimp, cooked shrimp, \
    peeled shrimp, * shrimp, * prawns
      may: dried shrimp, shrimp paste, langoustines, crayfish, crawfish, crawfish tails, scampi
      not: prawn crackers, shrimp chips

    scallions
      must: scallions, green onions, spring onions, salad onions, * scallions, * green onions, * spring onions
      may: chives, garlic chives, leeks, shallots, onions, wild garlic, ramps
      not: onion powder

    spring onions
      must: scallions, green onions, spring onions, salad onions, * scallions, * green onions, * spring onions
      may: chives, garlic chives, leeks, shallots, onions, red onions, ramps
      not: onion powder

    cilantro
      must: cilantro, coriander leaves, fresh coriander, coriander, chopped cilantro, cilantro leaves, \
    fresh cilantro, coriander leaf, coriander sprigs, cilantro stems, chinese parsley
      may: coriander seeds, ground coriander, culantro, parsley
      not: celery

    coriander
      must: coriander, ground coriander, coriander seeds, coriander powder, coriander leaves, fresh coriander, \
    cilantro, coriander seed, cilantro leaves, fresh cilantro
      may: culantro, coriander sprigs, chopped cilantro, cilantro stems
      not: parsley

    chickpeas
      must: chickpeas, garbanzo beans, garbanzos, canned chickpeas, dried chickpeas, cooked chickpeas, chick peas, \
    ceci beans
      may: chickpea flour, gram flour, besan, chana dal, hummus, falafel mix, split chickpeas
      not: chicken, peas, black-eyed peas

    garbanzo beans
      must: chickpeas, garbanzo beans, garbanzos, canned chickpeas, dried chickpeas, cooked chickpeas, chick peas
      may: chickpea flour, gram flour, besan, chana dal, hummus, beans
      not: black beans, kidney beans, green beans

    aubergine
      must: aubergine, aubergines, eggplant, eggplants, japanese eggplant, chinese eggplant, thai eggplant, \
    * eggplants, * eggplant, * aubergines, brinjal, baby eggplants, globe eggplant, italian eggplant
      may: eggplant puree, baba ganoush
      not: eggs

    eggplant
      must: aubergine, aubergines, eggplant, eggplants, japanese eggplant, chinese eggplant, thai eggplant, \
    * eggplants, * eggplant, * aubergines, brinjal, baby eggplants
      may: eggplant puree, baba ganoush
      not: eggs, egg yolks

    zucchini
      must: zucchini, zucchinis, courgette, courgettes, baby zucchini, * zucchini, * courgettes, zucchine
      may: summer squash, yellow squash, marrow, squash, zucchini flowers, courgette flowers
      not: cucumber

    mushrooms
      must: mushrooms, * mushrooms, button mushrooms, cremini mushrooms, chestnut mushrooms, portobello mushrooms, \
    shiitake mushrooms, dried shiitake mushrooms, oyster mushrooms, porcini mushrooms, dried porcini, porcini, \
    chanterelles, morels, enoki mushrooms, enoki, king oyster mushrooms, wood ear mushrooms, shiitake, \
    cremini, portobello, maitake, shimeji mushrooms, baby bella mushrooms, dried mushrooms, wild mushrooms
      may: truffle, truffles, truffle oil, mushroom powder, mushroom stock, mushroom sauce, cream of mushroom soup, \
    black fungus, tree ear fungus
      not: mushroom ketchup

    lemons
      must: lemons, lemon, lemon juice, lemon zest, lemon peel, lemon rind, meyer lemons, * lemons, fresh lemon juice, \
    lemon wedges, lemon slices, juice of a lemon, zest of a lemon
      may: preserved lemons, lemon extract, lemon curd, lemon oil, lemon pepper, dried lemon, lemon essence
      not: lemongrass, lemon grass, lemon balm, lemon verbena, lemonade, lemon thyme

    limes
      must: limes, lime, lime juice, lime zest, lime wedges, key limes, * limes, fresh lime juice, lime peel
      may: dried limes, kaffir lime, makrut lime, calamansi, lime pickle, black limes, lime cordial
      not: kaffir lime leaves, makrut lime leaves, lime leaves, slaked lime, pickling lime

    potatoes
      must: potatoes, potato, * potatoes, russet potatoes, yukon gold potatoes, new potatoes, baby potatoes, \
    waxy potatoes, floury potatoes, red potatoes, white potatoes, maris piper potatoes, fingerling potatoes, \
    baking potatoes, boiled potatoes, mashed potatoes, leftover mashed potatoes
      may: sweet potatoes, potato starch, potato flakes, instant mashed potatoes, potato chips, hash browns, \
    french fries, tater tots, purple potatoes, purple yam
      not: potato bread

    green beans
      must: green beans, string beans, french beans, haricots verts, haricot verts, runner beans, snap beans, \
    long beans, yardlong beans, * green beans, fine beans
      may: flat beans, romano beans, wax beans, yellow beans, snow peas, sugar snap peas
      not: black beans, kidney beans, butter beans, cannellini beans, pinto beans, navy beans, white beans, \
    chickpeas, fava beans, broad beans, lima beans, baked beans, refried beans

    sour cream
      must: sour cream, soured cream, * sour cream, light sour cream, reduced fat sour cream
      may: creme fraiche, mexican crema, crema, smetana, greek yogurt
      not: heavy cream, double cream, whipping cream, cream, single cream, ice cream, cream cheese, cream of tartar

    brown sugar
      must: brown sugar, light brown sugar, dark brown sugar, soft brown sugar, packed brown sugar, * brown sugar
      may: muscovado sugar, demerara sugar, turbinado sugar, raw sugar, jaggery, panela, piloncillo, palm sugar, \
    coconut sugar
      not: caster sugar, white sugar, granulated sugar, powdered sugar, icing sugar, sugar, superfine sugar, \
    rock sugar, pearl sugar

    black pepper
      must: black pepper, ground black pepper, freshly ground black pepper, cracked black pepper, \
    black peppercorns, * black pepper, pepper, ground pepper, coarse black pepper
      may: salt and pepper, white pepper, peppercorns, mixed peppercorns, salt and black pepper
      not: bell peppers, green bell peppers, red bell peppers, green peppers, red peppers, cayenne pepper, \
    scotch bonnet peppers, jalapeno peppers, sichuan peppercorns, poblano peppers, sweet peppers, dr pepper

    bell peppers
      must: bell peppers, bell pepper, green bell peppers, red bell peppers, yellow bell peppers, orange bell peppers, \
    * bell peppers, capsicum, capsicums, green peppers, red peppers, sweet peppers, green pepper, red pepper, \
    yellow peppers
      may: roasted red peppers, piquillo peppers, mini sweet peppers, peppers, cubanelle peppers, italian frying peppers
      not: black pepper, white pepper, red pepper flakes, cayenne pepper, jalapenos, scotch bonnet peppers, \
    habanero peppers, sichuan peppercorns, pepper

    parmesan
      must: parmesan, parmesan cheese, parmigiano reggiano, parmigiano-reggiano, grated parmesan, \
    parmigiano reggiano cheese, * parmesan, parmesan rind
      may: grana padano, pecorino, pecorino romano, pecorino romano cheese, romano cheese
      not: mozzarella cheese, cheddar cheese

    feta
      must: feta, feta cheese, crumbled feta, * feta, greek feta, barrel aged feta
      may: goat cheese, cotija, cotija cheese, queso fresco, ricotta salata, halloumi, bulgarian white cheese, sirene
      not: parmesan cheese, mozzarella cheese

    mozzarella
      must: mozzarella, mozzarella cheese, fresh mozzarella, buffalo mozzarella, mozzarella di bufala, \
    shredded mozzarella, low moisture mozzarella, * mozzarella, bocconcini, fior di latte
      may: burrata, scamorza, provolone, oaxaca cheese, stracciatella
      not: parmesan cheese, feta cheese

    cod
      must: cod, salt cod, cod fillets, fresh cod, * cod, bacalao, bacalhau, black cod
      may: white fish, haddock, hake, pollock, whitefish, fish, ling
      not: cod liver oil

    salmon
      must: salmon, salmon fillets, smoked salmon, salmon steaks, * salmon, hot smoked salmon, canned salmon
      may: salmon roe, trout, arctic char
      not: salmon pink

    sausage
      must: sausage, sausages, * sausage, * sausages, chorizo, andouille, kielbasa, bratwurst, merguez, \
    linguica, italian sausage, pork sausage, chinese sausage, blood sausage, boudin, frankfurters, \
    hot dogs, salami, pepperoni, nduja, 'nduja, longganisa, lap cheong, breakfast sausage, sausage meat, \
    black pudding, morcilla, chipolatas, cumberland sausages, toulouse sausages, weisswurst, cotechino
      may: sausage casings, hot dog buns, mortadella, soppressata, sobrasada, liverwurst, liver sausage, \
    chorizo oil, salchichon, spam
      not: sausage rolls

    jalapeno
      must: jalapeno, jalapenos, jalapeno peppers, pickled jalapenos, * jalapenos, * jalapeno, fresh jalapenos, \
    green jalapenos, jalapeno chiles, jalapeño
      may: serrano chiles, serrano peppers, green chilies, chipotle chiles, chipotle chiles in adobo, \
    chipotle peppers in adobo, green chili, pepper jack, pepper jack cheese
      not: bell peppers, black pepper

    yogurt
      must: yogurt, yoghurt, plain yogurt, greek yogurt, natural yogurt, full fat yogurt, whole milk yogurt, \
    * yogurt, * yoghurt, dahi, curd, strained yogurt, thick yogurt
      may: labneh, skyr, kefir, sour cream, raita, tzatziki, frozen yogurt, quark
      not: coconut yogurt, soy yogurt, almond yogurt, oat yogurt, vegan yogurt

    spaghetti
      must: spaghetti, spaghettini, whole wheat spaghetti, * spaghetti, dried spaghetti, thin spaghetti
      may: linguine, bucatini, vermicelli, angel hair pasta, capellini, pasta
      not: spaghetti squash, spaghetti sauce

    soy sauce
      must: soy sauce, light soy sauce, dark soy sauce, * soy sauce, low sodium soy sauce, tamari, shoyu, \
    japanese soy sauce, chinese light soy sauce, soya sauce, reduced salt soy sauce, mushroom soy sauce
      may: kecap manis, sweet soy sauce, coconut aminos, liquid aminos, ponzu, teriyaki sauce, tsuyu, \
    seasoned soy sauce, thick soy sauce, fish sauce, oyster sauce
      not: soybeans, soy milk, soy yogurt, soy curls

    vinegar
      must: vinegar, * vinegar, white vinegar, red wine vinegar, white wine vinegar, rice vinegar, \
    apple cider vinegar, cider vinegar, balsamic vinegar, sherry vinegar, malt vinegar, black vinegar, \
    chinkiang vinegar, distilled vinegar, rice wine vinegar, coconut vinegar, cane vinegar
      may: balsamic glaze, mirin, verjuice, lemon juice, pickle brine, seasoned rice vinegar
      not: red wine, white wine, rice wine

    stock
      must: stock, * stock, chicken stock, beef stock, vegetable stock, fish stock, pork stock, lamb stock, \
    dashi, broth, * broth, chicken broth, beef broth, vegetable broth, bone broth, veal stock, mushroom stock, \
    stock cube, stock cubes, bouillon, chicken bouillon, dashi stock, shrimp stock, turkey stock
      may: bouillon cubes, stock powder, consomme, water, dashi powder, hondashi, bouillon powder, \
    chicken stock cube, beef stock cube, vegetable bouillon
      not: stockfish

    peas
      must: peas, green peas, frozen peas, garden peas, fresh peas, petits pois, baby peas, * peas, shelled peas
      may: snow peas, sugar snap peas, snap peas, split peas, yellow split peas, green split peas, pigeon peas, \
    black-eyed peas, mushy peas, marrowfat peas, pea shoots, chickpeas, pea protein, dried peas
      not: peanuts, peanut butter

    lentils
      must: lentils, * lentils, red lentils, green lentils, brown lentils, puy lentils, black lentils, \
    beluga lentils, yellow lentils, masoor dal, toor dal, urad dal, moong dal, dal, split red lentils, french lentils
      may: chana dal, split peas, yellow split peas, lentil flour, mung beans
      not: lentil pasta

    berries
      must: berries, mixed berries, * berries, strawberries, raspberries, blueberries, blackberries, cranberries, \
    dried cranberries, lingonberries, gooseberries, red currants, blackcurrants, black currants, huckleberries, \
    mulberries, elderberries, boysenberries, loganberries, frozen berries, fresh berries, bilberries, cloudberries
      may: goji berries, barberries, currants, dried currants, cherries, grapes, strawberry jam, raspberry jam, \
    lingonberry jam, cranberry sauce, acai, sea buckthorn
      not: juniper berries, allspice berries, coffee berries, pink peppercorns

    basil
      must: basil, fresh basil, basil leaves, sweet basil, thai basil, holy basil, * basil, genovese basil, \
    dried basil, purple basil, lemon basil
      may: pesto, basil pesto, basil seeds, basil oil
      not: mint, oregano

    ginger
      must: ginger, fresh ginger, ginger root, grated ginger, ground ginger, * ginger, minced ginger, \
    ginger paste, stem ginger, crystallized ginger, candied ginger, young ginger
      may: pickled ginger, galangal, ginger garlic paste, ginger juice, ginger syrup, ginger beer, ginger ale, \
    gingersnaps, gingerbread, ginger wine, sushi ginger
      not: gingko nuts

    shellfish
      must: shrimp, prawns, crab, crab meat, crabmeat, lobster, crawfish, crayfish, crawfish tails, langoustines, \
    clams, mussels, oysters, scallops, cockles, * shrimp, * prawns, * clams, * mussels, * oysters, * scallops, \
    * crab, lobster tails, * lobster, razor clams, whelks, periwinkles, sea urchin, abalone
      may: squid, octopus, cuttlefish, calamari, dried shrimp, shrimp paste, oyster sauce, clam juice, \
    ground crayfish, fish, seafood mix, mixed seafood
      not: oyster mushrooms, king oyster mushrooms, crab apples

    cheese, tomatoes

    onions, garlic

    chicken, rice

    beef, beans

    pasta, cheese

    fish, lemons

    eggs, milk

    butter, sugar

    pork, noodles

    shrimp, garlic

    chili, limes

    cream, mushrooms

    potatoes, cheese

    chicken, coconut milk

    coconut milk
      must: coconut milk, * coconut milk, light coconut milk, full fat coconut milk, canned coconut milk, \
    thick coconut milk, thin coconut milk
      may: coconut cream, cream of coconut, coconut milk powder, coconut water, creamed coconut
      not: milk, whole milk, evaporated milk, condensed milk, coconut, shredded coconut, desiccated coconut
    """
}
