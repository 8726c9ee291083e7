/* sprite_names.h: the catalogue of the bundled sheet's pictures (assets/sprites.txt): what
 * each one is for, and whether it is drawn as a floor (filling its cell, or over the plain
 * floor where it is transparent), an object (standing on a floor, transparent around it) or a
 * mark the view draws over cells. The API reference lists it (tools/apidoc.c), and its test
 * fails when the sheet and the catalogue disagree. */
#ifndef TESSERA_FRONTEND_SPRITE_NAMES_H
#define TESSERA_FRONTEND_SPRITE_NAMES_H

typedef enum sprite_kind { SPRITE_FLOOR, SPRITE_OBJECT, SPRITE_MARK } sprite_kind;

typedef struct sprite_doc {
    const char *name;
    sprite_kind kind;
    const char *doc;
} sprite_doc;

extern const sprite_doc sprite_catalogue[];   /* in sheet order; ends with { NULL } */
const char *sprite_kind_name(sprite_kind k);  /* "floor", "object", "mark" */

#endif
