import { X } from 'lucide';
import { type CloseButtonProps, ToastContainer, toast } from 'react-toastify/unstyled';
import { contactForm } from '../../shared/content';
import { Glyph } from '../components/Glyph';

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className="toast__close" aria-label={contactForm.closeToast} onClick={closeToast}>
      <Glyph icon={X} />
    </button>
  );
}

/** Where the form's toasts appear: Portuguese labels, closable, paused while hovered. */
export function Toasts() {
  return (
    <ToastContainer
      aria-label={contactForm.toastRegion}
      position="bottom-center"
      autoClose={8000}
      hideProgressBar
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      closeButton={CloseButton}
    />
  );
}

const body = (title: string, description: string) => (
  <div className="toast__body">
    <p className="toast__title">{title}</p>
    <p className="toast__description">{description}</p>
  </div>
);

// One toast for the outcome that stands: a newer outcome replaces what an earlier one said.

export const notifySuccess = (title: string, description: string) => {
  toast.dismiss();
  return toast.success(body(title, description), { role: 'status' });
};

export const notifyError = (title: string, description: string) => {
  toast.dismiss();
  return toast.error(body(title, description), { role: 'alert' });
};
