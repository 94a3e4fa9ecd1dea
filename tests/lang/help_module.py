import os
import pydoc
import _help_mod
import _help_mod2

here = os.path.dirname(os.path.abspath(__file__))


def show(thing):
    print(pydoc.render_doc(thing, 'Help on %s:').replace(here, '<dir>'))


show(_help_mod)
show(_help_mod2)
show('_help_mod.Square')
show('_help_mod.area')
print(pydoc.locate('_help_mod.Shape.area') is _help_mod.Shape.area)
print(pydoc.locate('no_such_module_here'))
help('no_such_module_here.x')
