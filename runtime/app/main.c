/* main.c: the tessera executable. */
#include "app/cli.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
