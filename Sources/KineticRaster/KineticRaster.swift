/// KineticRaster: the Linux renderer (Cairo + Pango) and the image and video encoders.
import CCairo
import KineticCore
