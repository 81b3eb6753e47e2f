// Sending the positions panel's and order tabs' commands: a refusal shows the server's translated message (the request
// layer's error toast) and changes nothing; a success is told and the user's state brings the change over the channel.
import { isSuccess, type Params, post } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';

/** Posts `params` to `path`; true when the server accepted it (then `done` is shown, if given). */
export async function send(path: string, params: Params, done: string | null, refresh: () => void): Promise<boolean> {
  const answer = await post<unknown>(path, params);
  if (!isSuccess(answer.code)) return false;
  if (done) showToast('success', done);
  refresh();
  return true;
}
